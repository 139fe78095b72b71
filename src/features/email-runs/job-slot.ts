import type { ReactNode } from 'react';
import type { JobRun } from '@shared/schemas/jobs';

/**
 * What the page gives the progress of its e-mail runs (kind 'emails'): the route renders it
 * (jobs are a feature of their own).
 */
export interface EmailJobSlot {
  /** The run this page has just started, if any. */
  started: JobRun | null;
  /** Bumped when the server says an e-mail run is already under way: look for it. */
  lookAgain: number;
  /** A run has ended: its failures can be sent again. */
  onFinished(run: JobRun): void;
}

/** The rich-text editor of a message body, given by the route (the venues feature has it). */
export interface BodyEditorProps {
  label: string;
  /** The HTML the editor starts with; later changes are not applied. */
  initialValue: string;
  onChange(html: string): void;
  /** Placeholders it offers to insert (`{name}`). */
  placeholders: readonly string[];
  error?: string;
}

export type RenderBodyEditor = (props: BodyEditorProps) => ReactNode;
