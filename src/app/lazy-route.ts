import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router-dom';
import { useAppStore } from '@/lib/store';

/**
 * Load a code chunk; when that fails (usually: a new build replaced the old files) raise the
 * "Application has been updated" banner and let the error boundary show the rest.
 */
export async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (error) {
    // Offline, a chunk that is not cached fails for want of network, not because of a new build.
    if (navigator.onLine) useAppStore.getState().setUpdateAvailable(true);
    throw error;
  }
}

/** A route's `lazy` that takes one component out of a route-group chunk. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await loadChunk(load)) });
}

/** A route's `lazy` that takes one component and its loader out of a route-group chunk. */
export function lazyPageWithLoader<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  loader: (module: M) => LoaderFunction,
) {
  return async () => {
    const module = await loadChunk(load);
    return { Component: pick(module), loader: loader(module) };
  };
}
