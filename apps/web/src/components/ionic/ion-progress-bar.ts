import type { IonProgressBar as IonProgressBarType } from '@ionic/react';
import { IonProgressBar as IonProgressBarElement, defineCustomElement } from '@ionic/core/components/ion-progress-bar.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

/** ion-progress-bar for lazy pages (see ./README.md), wrapped as @ionic/react wraps it. */
export const IonProgressBar = /*@__PURE__*/ createComponent({
  tagName: 'ion-progress-bar',
  elementClass: IonProgressBarElement,
  react: React,
  events: {},
  defineCustomElement,
}) as unknown as typeof IonProgressBarType;
