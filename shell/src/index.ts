import { startFirstScreen } from './app/first-screen';

// The async boundary Module Federation needs: shared singletons are negotiated before any of them is used.
import('./bootstrap');
startFirstScreen(location.pathname);
