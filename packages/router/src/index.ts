/**
 * The router the web apps use: only these parts of react-router, so the one shared copy on the page (a Module
 * Federation singleton, packages/web-build) is tree-shaken to them instead of the whole package (issue 3). Import
 * routing from here, never from react-router or react-router-dom (a lint rule says so).
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
