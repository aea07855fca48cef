import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/ServicesContext';
import { Loading } from '../../app/guards';
import { ScreenHeader } from '../../components/Field';

interface SubscriptionData {
  tenantName: string;
  subscriptionStart: string;
  subscriptionEnd: string;
  active: boolean;
  isInvoicePlan: boolean;
  daysLeft: number;
}

/** /subscription-data: the tenant's subscription (start and end dates, state, days left). */
export function SubscriptionDataPage() {
  const { t } = useTranslation('shell');
  const api = useApi();
  const [data, setData] = useState<SubscriptionData | null>(null);

  useEffect(() => {
    let live = true;
    api.get<SubscriptionData>('SubscriptionData').then(
      (d) => live && setData(d),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (!data) return <Loading />;
  const row = (label: string, value: React.ReactNode) => (
    <div className="erp-facts__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <section className="erp-screen" data-testid="subscription-screen">
      <ScreenHeader title={t('titles.subscriptionData')} />
      <dl className="erp-card erp-facts">
        {row(t('screens.subscription.tenantName'), data.tenantName)}
        {row(t('screens.subscription.start'), <bdi dir="ltr">{data.subscriptionStart}</bdi>)}
        {row(t('screens.subscription.end'), <bdi dir="ltr">{data.subscriptionEnd}</bdi>)}
        {row(
          t('screens.subscription.state'),
          data.active ? (
            <Tag value={t('screens.common.active')} severity="success" />
          ) : (
            <Tag value={t('screens.common.inactive')} severity="danger" />
          ),
        )}
        {row(
          t('screens.subscription.plan'),
          t(data.isInvoicePlan ? 'screens.subscription.invoicePlan' : 'screens.subscription.fullPlan'),
        )}
        {row(
          t('screens.subscription.daysLeft'),
          t('screens.subscription.days', { count: Math.max(0, data.daysLeft) }),
        )}
      </dl>
    </section>
  );
}
