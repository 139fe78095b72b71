import { ActionIcon, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { mark, PERF } from '@shared/perf-marks';
import { formatMoney } from '@/lib/format';
import { showError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import type { LocalConsumable, LocalTransaction } from '@/offline/db';
import {
  useChargeItems,
  useRiderBalance,
  type ChargeItems,
  type FloorPerson,
  type RiderBalance,
} from '@/offline/queries';
import { MAX_CHARGE_QUANTITY, recordCharge, UNDO_VISIBLE_MS, undoCharge } from '@/offline/writes';

/** How many of the venue's items show as large buttons. */
export const TOP_ITEMS = 6;

interface QuickChargeProps {
  venue: number;
  venueName: string;
  currency: string;
  person: FloorPerson;
  /** The items and their uses when the screen read them with the person (a scan); else read here. */
  items?: ChargeItems;
  /** The person's balance when the screen read it with them (a scan); else read here. */
  balance?: RiderBalance | null;
}

interface Line {
  item: LocalConsumable;
  quantity: number;
}

/**
 * The venue's most used items first (by how often they were charged here), the rest in the
 * price list's order; the order is kept for equal use so the buttons do not jump around.
 */
export function rankItems(items: LocalConsumable[], uses: Map<number, number> | undefined): LocalConsumable[] {
  const used = (item: LocalConsumable) => uses?.get(Number(item.id)) ?? 0;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => used(b.item) - used(a.item) || a.index - b.index)
    .map(({ item }) => item);
}

/** An item button's label wraps inside the button, name over price. */
const ITEM_BUTTON_STYLES = {
  inner: { width: '100%', minWidth: 0 },
  label: {
    whiteSpace: 'normal',
    flexDirection: 'column',
    lineHeight: 1.25,
    overflow: 'visible',
    minWidth: 0,
    maxWidth: '100%',
    overflowWrap: 'anywhere',
    textAlign: 'center',
  },
} as const;

/** The stable's charge and undo toasts replace each other (see ToastOptions.channel). */
const CHARGE_TOASTS = 'stable-charge';

/** Runs `task` after the next paint (in the next task where the page does not paint). */
function afterPaint(task: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(task, 0));
  else setTimeout(task, 0);
}

const clamp = (quantity: number) => Math.min(MAX_CHARGE_QUANTITY, Math.max(1, quantity));

function Balance({ venue, venueName, currency, person, balance: given }: QuickChargeProps) {
  const { t } = useTranslation('floor');
  const read = useRiderBalance(venue, given ? null : Number(person.rider.rider));
  const balance = given ?? read;
  return (
    <Text size="sm" aria-live="polite">
      {balance === undefined
        ? t('quick.balanceLoading')
        : t('quick.balance', { venue: venueName, amount: formatMoney(balance.balance, currency) })}
      {balance && balance.pending > 0 ? ` ${t('quick.balancePending', { count: balance.pending })}` : ''}
    </Text>
  );
}

/** The last save of this screen, undoable for UNDO_VISIBLE_MS. */
interface LastCharge {
  rows: LocalTransaction[];
  total: number;
}

function Undo({ last, currency, onDone }: { last: LastCharge; currency: string; onDone(): void }) {
  const { t } = useTranslation('floor');
  const [busy, setBusy] = useState(false);
  // From the save on, whatever re-renders meanwhile (a new `onDone` would restart the clock).
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const timer = setTimeout(() => done.current(), UNDO_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [last]);
  const undo = async () => {
    setBusy(true);
    try {
      // One reversal per charge of the save, queued after the charges.
      for (const row of last.rows) await undoCharge(row);
      notify.success(t('quick.undone'), { channel: CHARGE_TOASTS });
      onDone();
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="xs" role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm" style={{ flex: '1 1 10rem' }}>
          {t('quick.charged', { amount: formatMoney(last.total, currency) })}
        </Text>
        <Button variant="default" onClick={() => void undo()} loading={busy} style={{ flexShrink: 0 }}>
          {t('quick.undo')}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The stable's quick charge: the venue's most used items as large buttons; a tap adds one (again:
 * one more), each line with a stepper; the running total; one tap saves every line on this
 * device (queued, sent when online). The person's open balance at the venue shows above, and the
 * last save can be undone for a short while (queued reversals).
 */
export function QuickCharge({ venue, venueName, currency, person, items, balance }: QuickChargeProps) {
  const { t } = useTranslation('floor');
  const read = useChargeItems(items ? null : venue);
  const consumables = (items ?? read)?.consumables;
  const uses = (items ?? read)?.uses;
  const ranked = useMemo(() => rankItems(consumables ?? [], uses), [consumables, uses]);
  // The buttons' order is fixed once the uses are known, so they do not move under a finger.
  const [top, setTop] = useState<LocalConsumable[] | null>(null);
  // Set during render (React re-renders at once, before painting): no extra pass.
  if (top === null && consumables && uses) {
    setTop(ranked.slice(0, TOP_ITEMS));
    mark(PERF.scanItems);
  }
  const [lines, setLines] = useState<Line[]>([]);
  // A ref, not state: a tap saves at once, without a render before the write.
  const saving = useRef(false);
  const [last, setLast] = useState<LastCharge | null>(null);
  const total = lines.reduce((sum, line) => sum + line.item.unit_price * line.quantity, 0);
  const name = person.groom?.name ?? person.rider.name;
  const others = useMemo(() => {
    const topIds = new Set((top ?? []).map((item) => item.id));
    return ranked.filter((item) => !topIds.has(item.id));
  }, [ranked, top]);

  const add = useCallback(
    (item: LocalConsumable) =>
      setLines((current) =>
        current.some((line) => line.item.id === item.id)
          ? current.map((line) => (line.item.id === item.id ? { ...line, quantity: clamp(line.quantity + 1) } : line))
          : [...current, { item, quantity: 1 }],
      ),
    [],
  );
  const step = (item: LocalConsumable, by: number) =>
    setLines((current) =>
      current.map((line) => (line.item.id === item.id ? { ...line, quantity: clamp(line.quantity + by) } : line)),
    );
  const remove = (item: LocalConsumable) => setLines((current) => current.filter((line) => line.item.id !== item.id));

  const save = async () => {
    if (!lines.length || saving.current) return;
    mark(PERF.chargeTap);
    saving.current = true;
    const rows: LocalTransaction[] = [];
    try {
      // Saved means in IndexedDB: nothing here waits for the network or a query.
      for (const line of lines) {
        rows.push(await recordCharge({ venue, currency, person, consumable: line.item, quantity: line.quantity }));
      }
      mark(PERF.chargeSaved);
      // The saved state with its undo is on the screen as soon as IndexedDB has the write: rendered
      // now, not after the live queries that the write wakes up.
      flushSync(() => {
        setLines([]);
        setLast({ rows, total: rows.reduce((sum, row) => sum - row.gross, 0) });
      });
      // The toast follows once the saved state is painted: its render would hold up that paint.
      afterPaint(() =>
        notify.success(t('quick.saved', { amount: formatMoney(total, currency), name }), { channel: CHARGE_TOASTS }),
      );
    } catch (error) {
      showError(error);
      if (rows.length) setLast({ rows, total: rows.reduce((sum, row) => sum - row.gross, 0) });
    } finally {
      saving.current = false;
    }
  };

  // A tap re-renders the lines and the total, not the item buttons and the list of the others.
  const choices = useMemo(
    () => (
      <>
        {top && top.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" role="group" aria-label={t('quick.mostUsed')}>
            {top.map((item) => (
              <Button
                key={item.id}
                variant="light"
                size="lg"
                h="auto"
                mih={64}
                py="xs"
                onClick={() => add(item)}
                px="xs"
                styles={ITEM_BUTTON_STYLES}
              >
                <span>{item.name}</span>
                <Text span size="sm" fw={400}>
                  {formatMoney(item.unit_price, currency)}
                </Text>
              </Button>
            ))}
          </SimpleGrid>
        )}
        {others.length > 0 && (
          <NativeSelect
            label={t('quick.other')}
            size="md"
            value=""
            data={[
              { value: '', label: t('charge.chooseItem') },
              ...others.map((c) => ({
                value: String(c.id),
                label: `${c.name} · ${formatMoney(c.unit_price, currency)} / ${c.unit}`,
              })),
            ]}
            onChange={(event) => {
              const item = others.find((c) => String(c.id) === event.currentTarget.value);
              if (item) add(item);
            }}
          />
        )}
      </>
    ),
    [top, others, currency, add, t],
  );

  return (
    <Stack gap="sm" component="form" aria-label={t('charge.title')} onSubmit={(event) => event.preventDefault()}>
      <Balance venue={venue} venueName={venueName} currency={currency} person={person} balance={balance} />
      {last && <Undo last={last} currency={currency} onDone={() => setLast(null)} />}
      {consumables?.length === 0 && <Text c="dimmed">{t('charge.noItems')}</Text>}
      {choices}
      {lines.length > 0 && (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('quick.lines')}>
          {lines.map(({ item, quantity }) => (
            <Group key={item.id} component="li" justify="space-between" gap="xs" aria-label={item.name}>
              <Stack gap={0} style={{ flex: '1 1 8rem', minWidth: 0 }}>
                <Text fw={600}>{item.name}</Text>
                <Text size="sm" c="dimmed">
                  {formatMoney(item.unit_price * quantity, currency)}
                </Text>
              </Stack>
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                <ActionIcon
                  size="xl"
                  variant="default"
                  aria-label={t('quick.less', { item: item.name })}
                  disabled={quantity <= 1}
                  onClick={() => step(item, -1)}
                >
                  −
                </ActionIcon>
                <Text
                  component="output"
                  fw={700}
                  miw="2.5ch"
                  ta="center"
                  aria-label={t('quick.quantityOf', { item: item.name })}
                >
                  {quantity}
                </Text>
                <ActionIcon
                  size="xl"
                  variant="default"
                  aria-label={t('quick.more', { item: item.name })}
                  disabled={quantity >= MAX_CHARGE_QUANTITY}
                  onClick={() => step(item, 1)}
                >
                  +
                </ActionIcon>
                <ActionIcon
                  size="xl"
                  variant="subtle"
                  color="gray.7"
                  aria-label={t('quick.remove', { item: item.name })}
                  onClick={() => remove(item)}
                >
                  ×
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <Group justify="space-between" gap="xs">
        <Text fw={700} size="lg" aria-live="polite">
          {t('charge.total', { amount: formatMoney(total, currency) })}
        </Text>
        <Button size="lg" disabled={!lines.length} onClick={() => void save()} style={{ flexShrink: 0 }}>
          {lines.length ? t('quick.save', { amount: formatMoney(total, currency) }) : t('charge.save')}
        </Button>
      </Group>
    </Stack>
  );
}
