import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { CurrentUser } from '@shared/schemas/auth';
import type { VenueSummary } from '@shared/schemas/venue';
import type { Language } from '@shared/constants';
import { LANGUAGE_KEY, rememberedLanguage } from './language';

/** A message to show once after the next page load (a reload would swallow a toast). */
export type PendingNotice = 'preshowFinished';

export interface AppState {
  token: string | null;
  user: CurrentUser | null;
  /** The venue the signed-in user works at (their assigned venue), loaded after login. */
  activeVenue: VenueSummary | null;
  language: Language;
  /** Preshow-only mode: the show the magic link opened, or null (spec §4). */
  preshow: number | null;
  /** A newer build is available (a lazy chunk failed or a service worker is waiting). */
  updateAvailable: boolean;
  pendingNotice: PendingNotice | null;
  /**
   * The session was restored from the floor-device credential (a relaunch or a new tab,
   * the floor's offline rule): only the floor screens open until the user signs in with their password.
   */
  floorOnly: boolean;
  /** The server refused the session and it could not be renewed: a sign-in is needed (writes are kept). */
  signInNeeded: boolean;
  setToken(token: string): void;
  setUser(user: CurrentUser): void;
  setActiveVenue(venue: VenueSummary | null): void;
  setLanguage(language: Language): void;
  setPreshow(show: number | null): void;
  setUpdateAvailable(available: boolean): void;
  setSignInNeeded(needed: boolean): void;
  /** Open the floor screens of a floor device's user from its stored credential (no token yet). */
  restoreFloorDevice(user: CurrentUser, venue: VenueSummary | null): void;
  /** Forget the session (token, user, venue, preshow); the language stays. */
  clearSession(notice?: PendingNotice): void;
  takePendingNotice(): PendingNotice | null;
}

const STORE_KEY = 'paddock';
function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode, quota): the session store still has it.
  }
}

export const useAppStore = create<AppState>()(
  persist(
    (set, get) => ({
      token: null,
      user: null,
      activeVenue: null,
      language: rememberedLanguage(),
      preshow: null,
      updateAvailable: false,
      pendingNotice: null,
      floorOnly: false,
      signInNeeded: false,
      // A new token is a live session again.
      setToken: (token) => set({ token, signInNeeded: false }),
      setUser: (user) => set({ user }),
      setActiveVenue: (activeVenue) => set({ activeVenue }),
      setLanguage: (language) => {
        rememberLanguage(language);
        set({ language });
      },
      setPreshow: (preshow) => set({ preshow }),
      setUpdateAvailable: (updateAvailable) => set({ updateAvailable }),
      setSignInNeeded: (signInNeeded) => set({ signInNeeded }),
      restoreFloorDevice: (user, activeVenue) =>
        set({ token: null, user, activeVenue, preshow: null, floorOnly: true, signInNeeded: false }),
      clearSession: (notice) =>
        set({
          token: null,
          user: null,
          activeVenue: null,
          preshow: null,
          floorOnly: false,
          signInNeeded: false,
          pendingNotice: notice ?? null,
        }),
      takePendingNotice: () => {
        const notice = get().pendingNotice;
        if (notice) set({ pendingNotice: null });
        return notice;
      },
    }),
    {
      name: STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      // The update flag belongs to this page load only.
      partialize: ({ token, user, activeVenue, language, preshow, pendingNotice, floorOnly, signInNeeded }) => ({
        token,
        user,
        activeVenue,
        language,
        preshow,
        pendingNotice,
        floorOnly,
        signInNeeded,
      }),
    },
  ),
);
