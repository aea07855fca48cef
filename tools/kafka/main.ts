import { ensureKafkaJars, startKafkaBroker } from './broker';

/**
 * `pnpm kafka`: a single-node Kafka for the distributed mode without Docker (README). Fetches the broker from
 * Maven Central on the first run, starts it on KAFKA_PORT (default 9092) and prints KAFKA_BROKERS; Ctrl-C stops
 * it. Its data is temporary: each start is an empty broker. `pnpm kafka --fetch` only fills the cache (CI).
 */
async function main(): Promise<void> {
  if (process.argv.includes('--fetch')) {
    const jars = ensureKafkaJars((line) => console.log(line));
    const how = jars.downloaded ? `fetched in ${jars.ms} ms` : 'already cached';
    console.log(`Kafka ${jars.version}: ${how} (${jars.lib})`);
    return;
  }
  const port = Number(process.env.KAFKA_PORT || 9092);
  const started = Date.now();
  const broker = await startKafkaBroker({
    port,
    partitions: Number(process.env.KAFKA_PARTITIONS || 6),
    jit: 'full',
    output: (line) => console.error(line),
  });
  console.log(
    `Kafka ${broker.version} up in ${Date.now() - started} ms (data in ${broker.dir}); in another terminal:\n` +
      `KAFKA_BROKERS=${broker.brokers.join(',')}\n` +
      `  MYSQL_URL=mysql://root@127.0.0.1:3306 KAFKA_BROKERS=${broker.brokers.join(',')} KAFKA_CREATE_TOPICS=1 pnpm start:distributed`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.error('stopping Kafka');
    void broker.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
