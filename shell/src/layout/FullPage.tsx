import type { ReactNode } from 'react';

/** The full-page layout of spec section 2 (login, error-404, start-up): no sidebar, no navbar. */
export function FullPage({ children }: { children: ReactNode }) {
  return <main className="erp-full">{children}</main>;
}
