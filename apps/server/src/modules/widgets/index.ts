export { documentUrls, poiPlaceColumns } from './pois.service.ts';
export { overlaySitesOf, publicPoi, publicWidgetAnswers, servedLanguage, visitorLanguage, widgetHead } from './public-widget.ts';
export { publicWidgetRoutes } from './public.routes.ts';
export { baseUrlOf, widgetRoutes } from './widgets.routes.ts';
export { cleanTexts, widgetsService } from './widgets.service.ts';
