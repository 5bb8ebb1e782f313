import type { IonInput as IonInputType } from '@ionic/react';
import { IonInput as IonInputElement, defineCustomElement as defineInput } from '@ionic/core/components/ion-input.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

/**
 * Ionic form controls wrapped here exactly as @ionic/react wraps them (same tag, element class and
 * events; the types are @ionic/react's own). See ./README.md for why.
 */
export const IonInput = /*@__PURE__*/ createComponent({
  tagName: 'ion-input',
  elementClass: IonInputElement,
  react: React,
  events: { onIonInput: 'ionInput', onIonChange: 'ionChange', onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' },
  defineCustomElement: defineInput,
}) as unknown as typeof IonInputType;
