/**
 * A relay and a consumer in one process over the in-process bus, for the crash test: the test kills this
 * process with SIGKILL mid-stream and starts it again. Usage: relay-worker '<DbConfig JSON>'.
 */
import { InProcessBus, OutboxRelay, createLogger } from '../src';
import { effectsConsumer, openTestDb } from './fixtures';

async function main() {
  const db = await openTestDb(JSON.parse(process.argv[2] ?? '{}'));
  const bus = new InProcessBus();
  await bus.subscribe(effectsConsumer(db, 5));
  const relay = new OutboxRelay(db, bus, createLogger('worker'), { batchSize: 10, pollMs: 20 });
  relay.start();
  process.stdout.write('ready\n');
}

main().catch((e) => {
  process.stderr.write(String(e?.stack ?? e));
  process.exit(1);
});
