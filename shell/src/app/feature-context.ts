import { useMemo } from 'react';
import { useNavigate } from '@erp/router';
import { directionOf } from '@erp/i18n/src/client';
import { hasPermission, type FeatureContext } from '@erp/ui-kit/src/declare';
import { useShellDispatch, useShellSelector } from '../state/store';
import { noticeAdded } from '../state/ui';
import { NO_BUSINESS_TYPES } from '../state/workspace';
import { useApi } from './ServicesContext';

/** The typed context the shell hands every feature app; a new object only when something in it changed. */
export function useFeatureContext(): FeatureContext | null {
  const profile = useShellSelector((s) => s.session.profile);
  const branchId = useShellSelector((s) => s.session.branchId);
  const fiscalYear = useShellSelector((s) => s.session.fiscalYear);
  const language = useShellSelector((s) => s.ui.language);
  const showHijri = useShellSelector((s) => s.ui.showHijri);
  const branches = useShellSelector((s) => s.workspace.branches);
  const company = useShellSelector((s) => s.workspace.company);
  const dispatch = useShellDispatch();
  const navigate = useNavigate();
  const api = useApi();

  return useMemo(() => {
    if (!profile) return null;
    const access = { isAdmin: profile.isAdmin, permissions: new Set(profile.permissions) };
    const branch = branches.find((b) => b.id === branchId) ?? null;
    return {
      user: {
        userId: profile.userId,
        userName: profile.userName,
        fullName: profile.fullName,
        isAdmin: profile.isAdmin,
        permissions: profile.permissions,
      },
      isAdmin: profile.isAdmin,
      permissions: access.permissions,
      can: (permission) => hasPermission(access, permission),
      branch,
      branches,
      fiscalYear,
      businessTypes: company?.businessTypes ?? NO_BUSINESS_TYPES,
      language,
      dir: directionOf(language),
      showHijri,
      decimals: branch?.decimalDigits ?? 2,
      api,
      notify: (severity, summary, detail) =>
        dispatch(noticeAdded({ kind: severity === 'error' ? 'alert' : 'toast', severity, summary, detail })),
      navigate: (to, options) => navigate(to, { replace: options?.replace ?? false }),
    };
  }, [profile, branchId, fiscalYear, language, showHijri, branches, company, dispatch, navigate, api]);
}
