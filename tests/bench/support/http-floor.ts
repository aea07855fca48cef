import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { sustained, type SalesFlow } from './sales-flow';

/**
 * What the embedded target leaves for the product's own work (issue 16 item 5), measured beside it in the same
 * run: an express app that does nothing but read the invoice's JSON body and answer 201, driven by the same
 * clients (the same worker thread, the same body) that drive the product. Its figures are the floor of the fixed
 * stack before any of the product's work: how much of the server's event loop a request costs with nothing
 * behind it, and how many requests a second the clients' own thread can send on this machine.
 */
export interface HttpFloor {
  /** requests answered a second */
  rate: number;
  /** the server's event loop's busy milliseconds a request (its utilisation × the time, over the requests) */
  loopMs: number;
}

/** The event loop's busy milliseconds while `work` runs (`performance.eventLoopUtilization`'s active time). */
export async function loopBusy<T>(work: () => Promise<T>): Promise<{ result: T; busyMs: number }> {
  const start = performance.eventLoopUtilization();
  const result = await work();
  return { result, busyMs: performance.eventLoopUtilization(start).active };
}

/** The bare express floor at `clients` clients for `seconds`, with the body the flow's invoices carry. */
export async function httpFloor(flow: SalesFlow, clients: number, seconds: number): Promise<HttpFloor> {
  const app = express();
  app.use(express.json({ limit: '1mb' }));
  app.post('/api/SalesInvoices', (req, res) => {
    res.status(201).json({ id: String((req.body as { customerId?: unknown }).customerId) });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const { body } = flow.requests[0]!;
    const bare: SalesFlow = {
      ...flow,
      requests: [
        {
          url: `http://127.0.0.1:${port}/api/SalesInvoices`,
          headers: { 'Content-Type': 'application/json' },
          body,
        },
      ],
    };
    const started = performance.now();
    const { result: latencies, busyMs } = await loopBusy(() => sustained(bare, clients, seconds));
    return {
      rate: latencies.length / ((performance.now() - started) / 1000),
      loopMs: busyMs / latencies.length,
    };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
