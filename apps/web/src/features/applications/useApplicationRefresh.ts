import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { errorMessage } from '../../api/client';
import { paymentKeys } from '../payments/queries';
import { applicationKeys, type ApplicationDetail } from './api';

/**
 * After a money action on one application: the answer replaces the cached application (when there is one),
 * and the application and the lists it appears in are read again.
 */
export function useApplicationRefresh(prefix: string, appId: number) {
  const qc = useQueryClient();
  return (data?: ApplicationDetail) => {
    if (data) qc.setQueryData(applicationKeys.one(prefix, appId), data);
    void qc.invalidateQueries({ queryKey: applicationKeys.one(prefix, appId) });
    for (const k of [applicationKeys.table, applicationKeys.outstanding, applicationKeys.overdue, paymentKeys.table])
      void qc.invalidateQueries({ queryKey: k });
  };
}

/** An error after a button (print, cancel) appears in the viewport at once, not in a banner scrolled out of view. */
export function useFailMessage() {
  const { message } = App.useApp();
  return (e: unknown) => {
    void message.error(errorMessage(e), 8);
  };
}
