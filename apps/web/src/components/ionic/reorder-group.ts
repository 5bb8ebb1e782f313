import type { IonReorderGroup as IonReorderGroupType } from '@ionic/react';
import { IonReorderGroup as IonReorderGroupElement, defineCustomElement } from '@ionic/core/components/ion-reorder-group.js';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

/**
 * ion-reorder-group for lazy pages (see ./README.md), wrapped as @ionic/react wraps it. Its drag
 * handles are plain `<ion-reorder>` elements with our own content (the group's gesture only looks
 * for the tag): defining ion-reorder would bring ion-icon for its default handle icon.
 */
export const IonReorderGroup = /*@__PURE__*/ createComponent({
  tagName: 'ion-reorder-group',
  elementClass: IonReorderGroupElement,
  react: React,
  events: {
    onIonItemReorder: 'ionItemReorder',
    onIonReorderStart: 'ionReorderStart',
    onIonReorderMove: 'ionReorderMove',
    onIonReorderEnd: 'ionReorderEnd',
  },
  defineCustomElement,
}) as unknown as typeof IonReorderGroupType;
