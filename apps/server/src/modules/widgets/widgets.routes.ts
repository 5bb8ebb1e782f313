import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_WIDGET_SETTING,
  IdParamSchema,
  OkSchema,
  WIDGET_TYPES,
  WidgetDetailSchema,
  WidgetInputSchema,
  WidgetListSchema,
  WidgetPoiAddSchema,
  WidgetPoiRemoveSchema,
  WidgetPoiReorderSchema,
  WidgetPoiTextsSchema,
  WidgetSettingInputSchema,
  WidgetSettingNameSchema,
  WidgetSettingSchema,
  WidgetUpdateSchema,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { PoiTextsRow } from '../../platform/db/schema/widgets.ts';
import { requestFlags, type FeatureFlag } from '../../platform/http/feature-flags.ts';
import { poisService } from './pois.service.ts';
import { widgetsService } from './widgets.service.ts';

/** `PUBLIC_URL` when set, else the request's own origin: the base of links handed out. */
export const baseUrlOf = (req: FastifyRequest, publicUrl?: string): string =>
  publicUrl ? publicUrl.replace(/\/+$/, '') : `${req.protocol}://${req.host}`;

const V1: readonly FeatureFlag[] = ['widgetv1activated'];
const V2: readonly FeatureFlag[] = ['widgetv2activated'];
const ANY: readonly FeatureFlag[] = ['widgetv1activated', 'widgetv2activated'];

/**
 * The business side of widgets (SPEC §2 WidgetPage, WidgetListPage, WidgetDetailPage; §7
 * GET /api/widget/{type}, POST /api/widgetpoi/add|remove, GET /api/widget/setting/{name}). Flags
 * gate every route (flags.ts); widget and POI changes answer the widget with its POIs, as
 * GET /api/widget/{id} does. POST /api/widgetpoi/image/update lives in the documents module.
 */
export const widgetRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl?: string }> = async (app, { db, publicUrl }) => {
  const svc = widgetsService(db, (publicId, wroteFor) => {
    void app.events.emit('widget.changed', { publicId });
    if (wroteFor !== undefined) void app.events.emit('user.wrote', { userId: wroteFor });
  });
  const pois = poisService(svc);
  const tags = ['widgets'];
  const base = (req: FastifyRequest) => baseUrlOf(req, publicUrl);

  for (const type of WIDGET_TYPES) {
    app.get(
      `/api/widget/${type}`,
      {
        schema: { response: { 200: WidgetListSchema }, tags },
        config: { auth: 'user', flag: type === 'v1' ? V1 : type === 'v2' ? V2 : ANY },
      },
      async (req) => svc.list(type, req.query, req.user!, requestFlags(req), base(req)),
    );
  }

  app.post(
    '/api/widget/mine',
    // a read (the v1 widget, made on the first call): no write event unless it made one (widgets.service)
    { schema: { response: { 200: WidgetDetailSchema }, tags }, config: { auth: 'user', flag: V1, invalidates: 'none' } },
    async (req) => svc.mine(req.user!, base(req), req.ctx.language),
  );

  app.post(
    '/api/widget/add',
    { schema: { body: WidgetInputSchema, response: { 200: WidgetDetailSchema }, tags }, config: { auth: 'user', flag: ANY } },
    async (req) => svc.add(req.body, req.user!, requestFlags(req), base(req), req.ctx.language),
  );

  app.post(
    '/api/widget/update/:id',
    {
      schema: { params: IdParamSchema, body: WidgetUpdateSchema, response: { 200: WidgetDetailSchema }, tags },
      config: { auth: 'user', flag: ANY },
    },
    async (req) => svc.update(req.params.id, req.body, req.user!, requestFlags(req), base(req), req.ctx.language),
  );

  app.delete(
    '/api/widget/delete/:id',
    { schema: { params: IdParamSchema, response: { 200: OkSchema }, tags }, config: { auth: 'user', flag: V2 } },
    async (req) => {
      await svc.remove(req.params.id, req.user!, requestFlags(req));
      return { ok: true as const };
    },
  );

  const settingParams = z.object({ name: WidgetSettingNameSchema });
  app.get(
    '/api/widget/setting',
    { schema: { response: { 200: WidgetSettingSchema }, tags }, config: { auth: 'user', flag: ANY } },
    async (req) => svc.setting(DEFAULT_WIDGET_SETTING, req.user!),
  );
  app.get(
    '/api/widget/setting/:name',
    { schema: { params: settingParams, response: { 200: WidgetSettingSchema }, tags }, config: { auth: 'user', flag: ANY } },
    async (req) => svc.setting(req.params.name, req.user!),
  );
  app.post(
    '/api/widget/setting',
    { schema: { body: WidgetSettingInputSchema, response: { 200: WidgetSettingSchema }, tags }, config: { auth: 'user', flag: ANY } },
    async (req) => svc.saveSetting(DEFAULT_WIDGET_SETTING, req.body.value, req.user!),
  );
  app.post(
    '/api/widget/setting/:name',
    {
      schema: { params: settingParams, body: WidgetSettingInputSchema, response: { 200: WidgetSettingSchema }, tags },
      config: { auth: 'user', flag: ANY },
    },
    async (req) => svc.saveSetting(req.params.name, req.body.value, req.user!),
  );

  app.get(
    '/api/widget/:id',
    { schema: { params: IdParamSchema, response: { 200: WidgetDetailSchema }, tags }, config: { auth: 'user', flag: ANY } },
    async (req) => svc.get(req.params.id, req.user!, requestFlags(req), base(req), req.ctx.language),
  );

  app.post(
    '/api/widgetpoi/add',
    { schema: { body: WidgetPoiAddSchema, response: { 200: WidgetDetailSchema }, tags }, config: { auth: 'user', flag: ANY } },
    async (req) => {
      const b = req.body;
      const detail = await pois.addPoi(
        {
          widgetId: b.widgetId,
          placeId: 'placeId' in b ? b.placeId : undefined,
          place: 'place' in b ? b.place : undefined,
          texts: b.texts as PoiTextsRow | undefined,
        },
        req.user!,
        requestFlags(req),
        base(req),
        req.ctx.language,
      );
      // a new place: others' catalogue searches may show it
      if ('place' in b) await app.events.emit('place.added', { placeId: Math.max(...detail.pois.map((p) => p.placeId)) });
      return detail;
    },
  );

  app.post(
    '/api/widgetpoi/remove',
    { schema: { body: WidgetPoiRemoveSchema, response: { 200: WidgetDetailSchema }, tags }, config: { auth: 'user', flag: ANY } },
    async (req) => pois.removePoi(req.body.id, req.user!, requestFlags(req), base(req), req.ctx.language),
  );

  app.post(
    '/api/widgetpoi/reorder',
    { schema: { body: WidgetPoiReorderSchema, response: { 200: WidgetDetailSchema }, tags }, config: { auth: 'user', flag: ANY } },
    async (req) => pois.reorderPois(req.body.widgetId, req.body.poiIds, req.user!, requestFlags(req), base(req), req.ctx.language),
  );

  app.post(
    '/api/widgetpoi/texts',
    { schema: { body: WidgetPoiTextsSchema, response: { 200: WidgetDetailSchema }, tags }, config: { auth: 'user', flag: ANY } },
    async (req) => pois.poiTexts(req.body.id, req.body.texts as PoiTextsRow, req.user!, requestFlags(req), base(req), req.ctx.language),
  );
};
