import nodemailer, { type Transporter } from 'nodemailer';
import { newId, nowIso, type Db, type Executor, type Logger } from '@erp/service-kit';

export interface Mail {
  tenantId: string;
  to: string;
  subject: string;
  body: string;
  /**
   * A mail carrying a secret (a one-time sign-in code) is worthless after this time: unsent, it is deleted then;
   * sent, its body is erased at once (issue 9 item 11), so no secret stays readable in the queue.
   */
  secretUntil?: string;
}

/**
 * Mail goes through a queue table written in the caller's transaction (no mail without its change, no change
 * without its mail), then to the SMTP server of ERP_SMTP_URL. Without one, mails stay queued ('pending').
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    /** ERP_SMTP_URL, or a transport of its own (tests). */
    smtp: string | Transporter | undefined,
    private readonly from = 'ERP <no-reply@localhost>',
  ) {
    this.transport = typeof smtp === 'string' ? nodemailer.createTransport(smtp) : (smtp ?? null);
  }

  async enqueue(trx: Executor, mail: Mail): Promise<void> {
    await trx('mail_queue').insert({
      id: newId(),
      tenant_id: mail.tenantId,
      to_address: mail.to,
      subject: mail.subject,
      body: mail.body,
      status: 'pending',
      created_at: nowIso(),
      secret_until: mail.secretUntil ?? null,
    });
  }

  /** Deletes unsent mails whose secret has expired; the code they carry can no longer be used anyway. */
  async pruneExpired(): Promise<void> {
    await this.db('mail_queue').where({ status: 'pending' }).andWhere('secret_until', '<', nowIso()).delete();
  }

  /** Sends what is queued; a failure stays queued with its error for the next try. */
  async deliver(): Promise<void> {
    await this.pruneExpired();
    if (!this.transport) return;
    const pending = await this.db('mail_queue').where({ status: 'pending' }).orderBy('created_at').limit(50);
    for (const m of pending) {
      try {
        await this.transport.sendMail({
          from: this.from,
          to: String(m.to_address),
          subject: String(m.subject),
          text: String(m.body),
        });
        const erased = m.secret_until ? { body: '' } : {};
        await this.db('mail_queue')
          .where({ id: m.id })
          .update({ status: 'sent', sent_at: nowIso(), error: null, ...erased });
      } catch (error) {
        this.logger.warn('mail not sent', { id: m.id, error: String(error) });
        await this.db('mail_queue')
          .where({ id: m.id })
          .update({ error: String(error).slice(0, 2000) });
      }
    }
  }
}
