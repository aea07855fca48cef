import type { Server } from 'node:net';

/** Listens on `listen` (`host:port`) and pipes each connection to `target`; resolves once listening. */
export function relay(listen: string, target: string): Promise<Server>;
