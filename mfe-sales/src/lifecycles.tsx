// The app's single-spa lifecycles (style.md example 3): the shell mounts them as a parcel.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { createFeatureI18n, featureErrorBoundary, FeatureRoot, type FeatureProps } from '@erp/ui-kit';
import { messages } from './messages';
import { screens } from './screens';

const i18n = createFeatureI18n('mfe_sales', messages);

function Root(props: FeatureProps) {
  return <FeatureRoot {...props} i18n={i18n} screens={screens} />;
}

const lifecycles = singleSpaReact<FeatureProps>({
  React,
  ReactDOMClient,
  rootComponent: Root,
  errorBoundary: featureErrorBoundary(i18n),
});

export const { bootstrap, mount, unmount, update } = lifecycles;
