import type { BusinessDashboard, DashboardSeries, User } from '@spotlist/contracts';
import { AppLink } from '../../../components/app-link';
import { formatNumber, useLocale } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useTranslation } from '../../../lib/translator';
import { DASHBOARD_LINKS } from './dashboard-paths';
import { SectionCard } from './section-card';
import { Sparkline } from './sparkline';

type Query = { isPending: boolean; isError: boolean; refetch: () => unknown };
const stateOf = (q: Query, empty = false) => (q.isPending ? 'loading' : q.isError ? 'error' : empty ? 'empty' : 'ready');

/** This week's number against last week's: "+25 %", "−10 %", or a sentence when last week had none or it is the same. */
function useChange() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (s: DashboardSeries): string => {
    if (s.thisWeek === s.lastWeek) return t('DASHBOARD.CHANGE_NONE');
    if (s.lastWeek === 0) return t('DASHBOARD.CHANGE_NEW');
    const change = formatNumber((s.thisWeek - s.lastWeek) / s.lastWeek, locale, {
      style: 'percent',
      signDisplay: 'exceptZero',
      maximumFractionDigits: 0,
    });
    return t('DASHBOARD.CHANGE', { change });
  };
}

/** This week's widget views, likes and click-throughs, each with its 14 days and the change. */
export function WeekStats({ query, data }: { query: Query; data: BusinessDashboard | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const change = useChange();
  const stats = data
    ? [
        { id: 'view', label: t('DASHBOARD.VIEWS'), series: data.totals.view },
        { id: 'like', label: t('DASHBOARD.LIKES'), series: data.totals.like },
        { id: 'click', label: t('DASHBOARD.CLICKS'), series: data.totals.click },
      ]
    : [];
  return (
    <SectionCard title={t('DASHBOARD.THIS_WEEK')} state={stateOf(query)} onRetry={() => void query.refetch()} wide>
      <ul className="dashboard-stats">
        {stats.map((s) => (
          <li key={s.id} className="dashboard-stat" aria-label={s.label}>
            <span className="dashboard-stat-label">{s.label}</span>
            <strong className="dashboard-stat-value">{formatNumber(s.series.thisWeek, locale)}</strong>
            <Sparkline
              values={s.series.days}
              label={t('DASHBOARD.SPARKLINE', { name: s.label, values: s.series.days.map((n) => formatNumber(n, locale)).join(', ') })}
            />
            <span className="form-hint">{change(s.series)}</span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

const canV2 = (user: User) => user.widgetv2activated;
const hasWidgets = (user: User) => user.widgetv1activated || user.widgetv2activated;
/** Where a widget is edited: the v1 widget has its own page. */
const editPath = (w: { id: number; version: 1 | 2 }) => (w.version === 1 ? DASHBOARD_LINKS.widgetV1 : DASHBOARD_LINKS.widgetDetail(w.id));
/** Where a new widget is made: the widget list (v2), else the classic widget's page. */
const newWidgetPath = (user: User) => (canV2(user) ? DASHBOARD_LINKS.widgetList : DASHBOARD_LINKS.widgetV1);

/** The business's widgets: name, version, POIs, views this week, a link to edit each. */
export function WidgetsCard({ user, query, data }: { user: User; query: Query; data: BusinessDashboard | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!hasWidgets(user)) return null;
  const widgets = data?.widgets ?? [];
  return (
    <SectionCard
      title={t('DASHBOARD.WIDGETS')}
      more={canV2(user) ? { to: DASHBOARD_LINKS.widgetList, label: t('MENU.WIDGET_LIST') } : undefined}
      state={stateOf(query, widgets.length === 0)}
      onRetry={() => void query.refetch()}
      empty={{
        text: t('DASHBOARD.WIDGETS_EMPTY'),
        action: (
          <AppLink to={newWidgetPath(user)} className="app-button app-button-small">
            {t('DASHBOARD.STEP_WIDGET')}
          </AppLink>
        ),
      }}
    >
      <ul className="place-list dashboard-rows" aria-label={t('DASHBOARD.WIDGETS')}>
        {widgets.map((w) => (
          <li key={w.id} className="place-row">
            <div>
              <strong>{w.name}</strong>
              <span className="form-hint">
                {w.version === 1 ? t('MENU.WIDGET') : t('DASHBOARD.WIDGET_V2')} ·{' '}
                {t('DASHBOARD.WIDGET_POIS', { count: formatNumber(w.poiCount, locale) })} ·{' '}
                {t('DASHBOARD.WIDGET_VIEWS', { count: formatNumber(w.viewsThisWeek, locale) })}
              </span>
            </div>
            <AppLink to={editPath(w)} className="app-button app-button-small app-button-outline">
              <span aria-hidden="true">{t('DASHBOARD.EDIT')}</span>
              <span className="visually-hidden">{t('DASHBOARD.EDIT_NAMED', { name: w.name })}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

/**
 * The guest app: on, off or not set up, this week's guests and the accounts made from them, and
 * where it is set up. Its widgets' views and likes are in the week's numbers with the others'.
 */
export function GuestAppCard({ user, query, data }: { user: User; query: Query; data: BusinessDashboard | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!user.hasGuest) return null;
  const app = data?.guestApp;
  const status = !app
    ? ''
    : app.enabled
      ? t('DASHBOARD.GUEST_APP_ON')
      : app.exists
        ? t('DASHBOARD.GUEST_APP_OFF')
        : t('DASHBOARD.GUEST_APP_NEW');
  return (
    <SectionCard title={t('MENU.GUEST_MODE_APP')} state={stateOf(query)} onRetry={() => void query.refetch()}>
      <p>
        <span className={app?.enabled ? 'dashboard-status dashboard-status-on' : 'dashboard-status'}>{status}</span>
      </p>
      {app && (
        <ul className="dashboard-stats">
          <li className="dashboard-stat" aria-label={t('DASHBOARD.GUESTS')}>
            <span className="dashboard-stat-label">{t('DASHBOARD.GUESTS')}</span>
            <strong className="dashboard-stat-value">{formatNumber(app.guestsThisWeek, locale)}</strong>
          </li>
          <li className="dashboard-stat" aria-label={t('DASHBOARD.GUEST_ACCOUNTS')}>
            <span className="dashboard-stat-label">{t('DASHBOARD.GUEST_ACCOUNTS')}</span>
            <strong className="dashboard-stat-value">{formatNumber(app.accountsThisWeek, locale)}</strong>
          </li>
        </ul>
      )}
      <p className="form-hint">{t('DASHBOARD.GUESTS_HINT')}</p>
      <AppLink to={DASHBOARD_LINKS.guestApp} className="app-button app-button-small app-button-outline">
        {t('DASHBOARD.GUEST_APP_OPEN')}
      </AppLink>
    </SectionCard>
  );
}

interface Step {
  id: string;
  label: string;
  done: boolean;
  to: string;
}

/** The setup steps the account can take (its flags), in order. */
export function setupSteps(user: User, data: BusinessDashboard, t: (key: string) => string): Step[] {
  const c = data.checklist;
  const first = data.widgets[0];
  const widgetPage = first ? editPath(first) : newWidgetPath(user);
  return [
    { id: 'profile', label: t('DASHBOARD.STEP_PROFILE'), done: c.profileComplete, to: PATHS.profile },
    ...(hasWidgets(user)
      ? [
          { id: 'widget', label: t('DASHBOARD.STEP_WIDGET'), done: c.widgetCreated, to: newWidgetPath(user) },
          { id: 'pois', label: t('DASHBOARD.STEP_POIS'), done: c.poisAdded, to: widgetPage },
          { id: 'embed', label: t('DASHBOARD.STEP_EMBED'), done: c.embedded, to: widgetPage },
        ]
      : []),
    ...(user.hasGuest
      ? [{ id: 'guest', label: t('DASHBOARD.STEP_GUEST_APP'), done: c.guestAppEnabled, to: DASHBOARD_LINKS.guestApp }]
      : []),
  ];
}

/** "Next steps": a checklist while the setup is incomplete, hidden once every step it offers is done. */
export function NextSteps({ user, data }: { user: User; data: BusinessDashboard | undefined }) {
  const { t } = useTranslation();
  if (!data) return null;
  const steps = setupSteps(user, data, t);
  if (steps.every((s) => s.done)) return null;
  const lacking = !hasWidgets(user) || !user.hasGuest;
  return (
    <SectionCard title={t('DASHBOARD.NEXT_STEPS')} state="ready">
      <ol className="dashboard-steps" aria-label={t('DASHBOARD.NEXT_STEPS')}>
        {steps.map((s) => (
          <li key={s.id} className={s.done ? 'dashboard-step dashboard-step-done' : 'dashboard-step'}>
            <span className="dashboard-step-mark" aria-hidden="true">
              {s.done ? '✓' : ''}
            </span>
            {s.done ? <span>{t('DASHBOARD.STEP_DONE', { step: s.label })}</span> : <AppLink to={s.to}>{s.label}</AppLink>}
          </li>
        ))}
      </ol>
      {lacking && <p className="form-hint">{t('DASHBOARD.STEPS_TEAM')}</p>}
    </SectionCard>
  );
}
