import { create } from 'zustand';

/**
 * The shell's dialog service: features ask for a dialog here and get a promise; the app's
 * dialog host renders whatever is open.
 */
export type Dialog =
  | { id: number; kind: 'confirm'; title?: string; message?: string; resolve: (confirmed: boolean) => void }
  | { id: number; kind: 'upload'; title?: string; filter?: string; resolve: (file: File | null) => void }
  | { id: number; kind: 'log'; title: string; lines: string[] };

type DialogInput = Dialog extends infer D ? (D extends Dialog ? Omit<D, 'id'> : never) : never;

interface DialogState {
  dialogs: Dialog[];
}

export const useDialogStore = create<DialogState>()(() => ({ dialogs: [] }));

let nextId = 1;

function open(dialog: DialogInput): number {
  const id = nextId++;
  useDialogStore.setState((state) => ({ dialogs: [...state.dialogs, { ...dialog, id } as Dialog] }));
  return id;
}

export function closeDialog(id: number): void {
  useDialogStore.setState((state) => ({ dialogs: state.dialogs.filter((dialog) => dialog.id !== id) }));
}

/** Confirm and Cancel; the message defaults to "Are you sure?". */
export function confirmDialog(options: { title?: string; message?: string } = {}): Promise<boolean> {
  return new Promise((resolve) => open({ kind: 'confirm', ...options, resolve }));
}

/** Pick one file, optionally limited by a name filter such as `*.xml`; null when cancelled. */
export function uploadDialog(options: { title?: string; filter?: string } = {}): Promise<File | null> {
  return new Promise((resolve) => open({ kind: 'upload', ...options, resolve }));
}

/** A list of log lines (e.g. sync progress) that the caller keeps up to date. */
export function logDialog(title: string, lines: string[] = []) {
  const id = open({ kind: 'log', title, lines });
  return {
    update(next: string[]): void {
      useDialogStore.setState((state) => ({
        dialogs: state.dialogs.map((dialog) =>
          dialog.id === id && dialog.kind === 'log' ? { ...dialog, lines: next } : dialog,
        ),
      }));
    },
    close: () => closeDialog(id),
  };
}
