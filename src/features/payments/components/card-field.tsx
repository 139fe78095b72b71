import { Alert, Input, Loader, Group, Text } from '@mantine/core';
import type { Stripe, StripeCardElement, StripeElementLocale } from '@stripe/stripe-js';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waitUntil } from '../stripe/wait-until';

interface CardFieldProps {
  stripe: Stripe;
  /** The element once it is ready for input (null again when it goes away). */
  onReady(card: StripeCardElement | null): void;
}

/**
 * The provider's card element (number, expiry, CVC) mounted in this field. It is polled every
 * 100 ms until ready (spec §9); until then a loader shows. The provider's own messages about
 * what is typed show below it.
 */
export function CardField({ stripe, onReady }: CardFieldProps) {
  const { t, i18n } = useTranslation('payments');
  const node = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [message, setMessage] = useState<string | null>(null);
  const report = useRef(onReady);
  report.current = onReady;
  const locale = i18n.language as StripeElementLocale;

  useEffect(() => {
    const mountNode = node.current;
    if (!mountNode) return;
    const controller = new AbortController();
    const card = stripe.elements({ locale }).create('card', { hidePostalCode: true });
    let ready = false;
    card.on('ready', () => {
      ready = true;
    });
    card.on('change', (event) => setMessage(event.error?.message ?? null));
    card.mount(mountNode);
    waitUntil(() => ready && mountNode.isConnected, { signal: controller.signal }).then(
      () => {
        setState('ready');
        report.current(card);
      },
      () => setState('failed'),
    );
    return () => {
      controller.abort();
      report.current(null);
      card.destroy();
    };
  }, [stripe, locale]);

  return (
    <Input.Wrapper
      label={t('card.field')}
      labelElement="div"
      labelProps={{ id: labelId }}
      error={message ?? undefined}
      description={state === 'failed' ? undefined : t('card.fieldHint')}
    >
      <div
        ref={node}
        role="group"
        aria-labelledby={labelId}
        style={{
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-sm)',
          padding: '10px 12px',
          minHeight: 42,
          background: 'var(--mantine-color-body)',
        }}
      />
      {state === 'loading' && (
        <Group gap="xs" mt={4}>
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('card.loading')}
          </Text>
        </Group>
      )}
      {state === 'failed' && (
        <Alert color="red" mt={4} role="alert">
          {t('card.loadFailed')}
        </Alert>
      )}
    </Input.Wrapper>
  );
}
