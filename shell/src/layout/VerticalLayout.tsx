import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { branchChosen, fiscalYearChosen } from '../state/session';
import { useShellDispatch, useShellSelector } from '../state/store';
import { menuToggled } from '../state/ui';
import { loadWorkspace } from '../state/workspace';
import { Navbar } from './Navbar';
import { RemoteProblems } from './RemoteProblems';
import { Sidebar } from './Sidebar';

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The vertical layout (spec section 2's default): navbar, sidebar and the page. Loads the session's workspace
 * (branches, company, fiscal years) and settles the branch and fiscal year when none is chosen yet.
 */
export function VerticalLayout() {
  const dispatch = useShellDispatch();
  const status = useShellSelector((s) => s.workspace.status);
  const branches = useShellSelector((s) => s.workspace.branches);
  const years = useShellSelector((s) => s.workspace.fiscalYears);
  const branchId = useShellSelector((s) => s.session.branchId);
  const fiscalYear = useShellSelector((s) => s.session.fiscalYear);
  const menuOpen = useShellSelector((s) => s.ui.menuOpen);

  useEffect(() => {
    if (status === 'idle') void dispatch(loadWorkspace());
  }, [status, dispatch]);

  useEffect(() => {
    if (status !== 'ready') return;
    // Spec section 6: non-admins see only their branches; keep the choice inside what the server returned.
    if (branches.length > 0 && !branches.some((b) => b.id === branchId)) {
      const usable = branches.find((b) => !b.isMaster) ?? branches[0]!;
      dispatch(branchChosen(usable.id));
    }
    const chosenStillOffered = fiscalYear && years.some((y) => y.year === fiscalYear.year);
    if (years.length > 0 && !chosenStillOffered) {
      const d = today();
      const current = years.find((y) => y.year !== null && y.startDate <= d && d <= y.endDate);
      dispatch(fiscalYearChosen(current ?? years.find((y) => y.year !== null) ?? years[0]!));
    }
  }, [status, branches, years, branchId, fiscalYear, dispatch]);

  return (
    <div className="erp-layout">
      <Navbar />
      <div className="erp-layout__body">
        <Sidebar />
        {menuOpen ? <div className="erp-scrim" onClick={() => dispatch(menuToggled(false))} /> : null}
        <main className="erp-content">
          <RemoteProblems />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
