import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { useServerList } from '@erp/ui-kit';
import { useApi } from '../../app/ServicesContext';
import { ListTable } from '../../components/ListParts';
import { ScreenHeader } from '../../components/Field';
import { formatDateTime } from './LogsPage';

interface Ticket {
  id: string;
  title: string;
  type: string;
  comment: string;
  hasImage: boolean;
  status: 'underReview' | 'received' | 'underProcedure' | 'closed';
  createdAt: string;
}

const statusSeverity = {
  underReview: 'warning',
  received: 'info',
  underProcedure: 'secondary',
  closed: 'success',
} as const;

/** /support-tickets (no permission): the tenant's tickets with their type, comment, image and status. */
export function SupportTicketsPage() {
  const { t, i18n } = useTranslation('shell');
  const list = useServerList<Ticket>({ api: useApi(), path: 'SupportTicket', language: i18n.language });
  const typeLabel = (type: string) =>
    i18n.exists(`screens.tickets.types.${type}`, { ns: 'shell' }) ? t(`screens.tickets.types.${type}`) : type;

  return (
    <section className="erp-screen" data-testid="tickets-screen">
      <ScreenHeader title={t('titles.supportTickets')} />
      <ListTable list={list}>
        <Column
          header={t('screens.tickets.createdAt')}
          body={(x: Ticket) => <bdi dir="ltr">{formatDateTime(x.createdAt)}</bdi>}
        />
        <Column field="title" header={t('screens.tickets.title')} />
        <Column header={t('screens.tickets.type')} body={(x: Ticket) => (x.type ? typeLabel(x.type) : '—')} />
        <Column
          header={t('screens.tickets.comment')}
          body={(x: Ticket) => x.comment || <span className="erp-muted">—</span>}
          bodyClassName="erp-cell-wrap"
        />
        <Column
          header={t('screens.tickets.image')}
          body={(x: Ticket) =>
            x.hasImage ? (
              <i
                className="pi pi-image"
                role="img"
                title={t('screens.tickets.hasImage')}
                aria-label={t('screens.tickets.hasImage')}
              />
            ) : (
              <span className="erp-muted">—</span>
            )
          }
        />
        <Column
          header={t('screens.tickets.status')}
          body={(x: Ticket) => (
            <Tag
              value={t(`screens.tickets.statuses.${x.status}`)}
              severity={statusSeverity[x.status]}
              data-status={x.status}
            />
          )}
        />
      </ListTable>
    </section>
  );
}
