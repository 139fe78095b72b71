import type {
  EMAIL_PAYER_TYPES,
  EmailAudience,
  EmailMessageInput,
  EmailRunFilters,
  EmailRunPreviewRequest,
} from '@shared/schemas/email-runs';
import type { AttendeeKind } from '@shared/floor-constants';

/** The three admin pages: onboarding e-mails, e-mails to riders or officials, to attendees. */
export type EmailRunVariant = 'onboarding' | 'people' | 'attendees';

/** The audiences each page writes to (the first is chosen at the start). */
export const VARIANT_AUDIENCES: Record<EmailRunVariant, readonly EmailAudience[]> = {
  onboarding: ['onboarding'],
  people: ['participants', 'officials'],
  attendees: ['attendees'],
};

/** Where the message comes from: the built-in onboarding text (onboarding only), a template, or written here. */
export type MessageSource = 'builtin' | 'template' | 'write';

export const variantSources = (variant: EmailRunVariant): MessageSource[] =>
  variant === 'onboarding' ? ['builtin', 'template', 'write'] : ['template', 'write'];

/** The form as the page keeps it: selects hold strings, '' for "any". */
export interface EmailRunValues {
  audience: EmailAudience;
  source: MessageSource;
  template: string;
  subject: string;
  body_html: string;
  filters: {
    without_password: boolean;
    vec: string;
    payer_type: '' | (typeof EMAIL_PAYER_TYPES)[number];
    open_balance: boolean;
    kind: '' | AttendeeKind;
    checked_in: '' | 'yes' | 'no';
  };
}

export function initialValues(variant: EmailRunVariant): EmailRunValues {
  return {
    audience: VARIANT_AUDIENCES[variant][0]!,
    source: variantSources(variant)[0]!,
    template: '',
    subject: '',
    body_html: '',
    filters: { without_password: true, vec: '', payer_type: '', open_balance: false, kind: '', checked_in: '' },
  };
}

/** The message part of a request: only what the chosen source needs. */
export function messageOf(values: EmailRunValues): EmailMessageInput {
  if (values.source === 'template') return values.template ? { template: Number(values.template) } : {};
  if (values.source === 'write') return { subject: values.subject, body_html: values.body_html };
  return {};
}

/** The filters that apply to the chosen audience. */
export function filtersOf(values: EmailRunValues): EmailRunFilters {
  const f = values.filters;
  switch (values.audience) {
    case 'onboarding':
      return { without_password: f.without_password };
    case 'participants':
      return {
        ...(f.vec ? { vec: Number(f.vec) } : {}),
        ...(f.payer_type ? { payer_type: f.payer_type } : {}),
        ...(f.open_balance ? { open_balance: true } : {}),
      };
    case 'officials':
      return {};
    case 'attendees':
      return {
        ...(f.kind ? { kind: f.kind } : {}),
        ...(f.checked_in ? { checked_in: f.checked_in === 'yes' } : {}),
      };
  }
}

export const requestOf = (values: EmailRunValues): EmailRunPreviewRequest => ({
  audience: values.audience,
  filters: filtersOf(values),
  ...messageOf(values),
});
