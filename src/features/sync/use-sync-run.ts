import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYNC_POLL_MS, SYNC_RELOAD_MS } from '@shared/constants';
import type { SyncState, SyncStatus } from '@shared/schemas/sync';
import { browser } from '@/lib/browser';
import { logDialog } from '@/lib/dialogs';
import { submitErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { getSyncStatus, useSyncStatus } from './api/get-sync-status';
import { useStartSync } from './api/start-sync';
import { syncKeys } from './keys';
import { logLines } from './message-text';

/**
 * The sync's states (spec §4 "Sync"): starting sets in_progress and polls the status every
 * second until it is no longer in_progress; progress is logged in the log dialog, newest first;
 * on done the page reloads after 5 s; a start failure sets error. A page opened while a sync
 * runs goes on polling.
 */
export function useSyncRun() {
  const { t } = useTranslation('sync');
  const client = useQueryClient();
  const initial = useSyncStatus();
  const start = useStartSync();
  const [state, setState] = useState<SyncState | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [reloading, setReloading] = useState(false);
  const timers = useRef<number[]>([]);
  const log = useRef<ReturnType<typeof logDialog> | null>(null);
  const failing = useRef(false);
  const pollRef = useRef<() => Promise<void>>(async () => {});

  // The polls write into the status query, so the page and the log read one value.
  const current = initial.data ?? null;
  const linesOf = useCallback(
    (status: SyncStatus | null, running: boolean) => {
      const lines = logLines(status?.progress ?? []);
      return running ? lines : [t('toast.none'), ...lines];
    },
    [t],
  );

  const later = (fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  };
  const schedule = () => later(() => void pollRef.current(), SYNC_POLL_MS);

  pollRef.current = async () => {
    let next: SyncStatus;
    try {
      next = await getSyncStatus();
    } catch {
      if (!failing.current) notify.error(t('toast.statusFailed'));
      failing.current = true;
      schedule();
      return;
    }
    failing.current = false;
    client.setQueryData(syncKeys.status, next);
    const running = next.status === 'in_progress';
    log.current?.update(linesOf(next, running));
    if (running) {
      schedule();
      return;
    }
    setState(next.status);
    void client.invalidateQueries({ queryKey: syncKeys.all, refetchType: 'active' });
    if (next.status === 'done') {
      notify.success(t('toast.completed'));
      setReloading(true);
      later(() => browser.reload(), SYNC_RELOAD_MS);
    } else if (next.status === 'error') notify.error(t('toast.failed'));
  };

  // The first status: a sync already running is followed from here.
  useEffect(() => {
    if (state !== null || !initial.data) return;
    setState(initial.data.status);
    if (initial.data.status === 'in_progress') schedule();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the first status arrives
  }, [initial.data]);

  useEffect(
    () => () => {
      timers.current.forEach((id) => window.clearTimeout(id));
      log.current?.close();
    },
    [],
  );

  const showLog = () => {
    log.current?.close();
    log.current = logDialog(t('logTitle'), linesOf(current, state === 'in_progress'));
  };

  const run = (file?: File | null) => {
    setState('in_progress');
    setRefusal([]);
    // A new run: its log starts empty.
    log.current?.close();
    log.current = logDialog(t('logTitle'), []);
    start.mutate(file, {
      onSuccess: () => {
        notify.success(t('toast.started'));
        schedule();
      },
      onError: (error) => {
        setState('error');
        notify.error(t('toast.startFailed'));
        const mapped = submitErrors(error, {});
        setRefusal([...Object.values(mapped.fields), ...mapped.form]);
        log.current?.update([t('toast.startFailed'), ...mapped.form, ...Object.values(mapped.fields)]);
      },
    });
  };

  return {
    state,
    status: current,
    loading: initial.isPending,
    loadError: initial.error,
    refusal,
    reloading,
    run,
    showLog,
  };
}
