import { describeFeatureManifest } from '@erp/ui-kit/src/feature-manifest.testing';
import { manifest } from './manifest';
import { texts } from './locales';
import { screens } from './screens';

describeFeatureManifest('mfe_sales', { manifest, texts, screens });
