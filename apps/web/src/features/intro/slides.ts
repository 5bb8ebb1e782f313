import type { ComponentType } from 'react';
import {
  AnalyticsArt,
  BloggerProfileArt,
  BusinessProfileArt,
  GuestAppArt,
  LikesArt,
  ListsArt,
  MapArt,
  PublicListsArt,
  TransferArt,
  WidgetArt,
} from './components/illustrations';

export interface IntroSlide {
  id: string;
  titleKey: string;
  textKey: string;
  Art: ComponentType;
}

const TRANSFER: IntroSlide = { id: 'transfer', titleKey: 'INTRO.TRANSFER.TITLE', textKey: 'INTRO.TRANSFER.TEXT', Art: TransferArt };

/**
 * The slides per account type (SPEC §3: private, blogger, business). They tell only what is
 * built: likes, the map, lists with share links, import and export; the blogger's profile and
 * public links; the business profile with its locations, widgets and the guest app (switched on
 * by the Spotlist team) and analytics.
 */
export const INTRO_SLIDES: Record<'private' | 'blogger' | 'business', readonly IntroSlide[]> = {
  private: [
    { id: 'likes', titleKey: 'INTRO.LIKES.TITLE', textKey: 'INTRO.LIKES.TEXT', Art: LikesArt },
    { id: 'map', titleKey: 'INTRO.MAP.TITLE', textKey: 'INTRO.MAP.TEXT', Art: MapArt },
    { id: 'lists', titleKey: 'INTRO.LISTS.TITLE', textKey: 'INTRO.LISTS.TEXT', Art: ListsArt },
    TRANSFER,
  ],
  blogger: [
    { id: 'places', titleKey: 'INTRO.BLOGGER_PLACES.TITLE', textKey: 'INTRO.BLOGGER_PLACES.TEXT', Art: MapArt },
    { id: 'profile', titleKey: 'INTRO.BLOGGER_PROFILE.TITLE', textKey: 'INTRO.BLOGGER_PROFILE.TEXT', Art: BloggerProfileArt },
    { id: 'lists', titleKey: 'INTRO.BLOGGER_LISTS.TITLE', textKey: 'INTRO.BLOGGER_LISTS.TEXT', Art: PublicListsArt },
    TRANSFER,
  ],
  business: [
    { id: 'profile', titleKey: 'INTRO.BUSINESS_PROFILE.TITLE', textKey: 'INTRO.BUSINESS_PROFILE.TEXT', Art: BusinessProfileArt },
    { id: 'widgets', titleKey: 'INTRO.WIDGETS.TITLE', textKey: 'INTRO.WIDGETS.TEXT', Art: WidgetArt },
    { id: 'guest-app', titleKey: 'INTRO.GUEST_APP.TITLE', textKey: 'INTRO.GUEST_APP.TEXT', Art: GuestAppArt },
    { id: 'analytics', titleKey: 'INTRO.ANALYTICS.TITLE', textKey: 'INTRO.ANALYTICS.TEXT', Art: AnalyticsArt },
  ],
};
