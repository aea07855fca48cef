export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(name: string): Logger;
}

const quiet = process.env.ERP_LOG === 'silent' || (process.env.NODE_ENV === 'test' && !process.env.ERP_LOG);

/** One JSON line per entry on stderr; silent under jest unless ERP_LOG is set. */
export function createLogger(name: string): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    if (quiet) return;
    process.stderr.write(
      `${JSON.stringify({ t: new Date().toISOString(), level, name, message, ...fields })}\n`,
    );
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (child) => createLogger(`${name}.${child}`),
  };
}
