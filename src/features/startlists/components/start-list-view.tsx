import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startTimeText, type StartList, type StartListEntry } from '@shared/schemas/startlists';
import { showError } from '@/lib/api-error';
import { QueryView } from '@/lib/components/query-view';
import { confirmDialog } from '@/lib/dialogs';
import { formatDateTime, formatMoney } from '@/lib/format';
import { submitErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useDrawStartList } from '../api/draw-start-list';
import { useEnterFromEvent } from '../api/enter-from-event';
import { useStartList } from '../api/get-start-list';
import { openStartListPdf } from '../api/open-start-list-pdf';
import { useReorderStartList } from '../api/reorder-start-list';
import { useWithdrawEntry } from '../api/withdraw-entry';
import { AddEntryButton } from './add-entry-button';

const formErrors = (error: unknown) => submitErrors(error, {}).form.forEach((message) => notify.error(message));

interface RowProps {
  entry: StartListEntry;
  index: number;
  count: number;
  currency: string;
  /** The competition's start and the venue's time zone: times after midnight show their date. */
  startsAt: string | null;
  timeZone: string;
  busy: boolean;
  onMove(index: number, to: number): void;
  onWithdraw(entry: StartListEntry): void;
}

/** One starter: drag handle (mouse, touch or keyboard), place, time, head number, rider, horse, moves. */
function StarterRow({ entry, index, count, currency, startsAt, timeZone, busy, onMove, onWithdraw }: RowProps) {
  const { t, i18n } = useTranslation('startlists');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: entry.id,
    disabled: entry.has_result,
  });
  const label = `${entry.rider.name} – ${entry.horse.name}`;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      data-testid="starter"
      aria-label={label}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      component="li"
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={t('dragHandle', { name: label })}
          disabled={entry.has_result || busy}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} />
        </ActionIcon>
        <Stack gap={0} style={{ minWidth: 44 }}>
          <Text fw={700} data-testid="start-order">
            {entry.start_order ?? '–'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="start-time">
            {startTimeText(entry.start_time, startsAt, timeZone, i18n.language)}
          </Text>
        </Stack>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            {entry.head_number !== null && (
              <Badge variant="outline" color="dark" aria-label={t('headNumberLabel', { number: entry.head_number })}>
                {entry.head_number}
              </Badge>
            )}
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {entry.horse.name}
            </Text>
            {entry.late && (
              <Badge color="orange" variant="light">
                {t('late')}
              </Badge>
            )}
            {entry.has_result && (
              <Badge color="green" variant="light">
                {t('hasResult')}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {entry.rider.name}
            {entry.rider.nationality ? ` (${entry.rider.nationality})` : ''}
            {entry.horse.fei_id ? ` · ${entry.horse.fei_id}` : ''}
            {entry.entry_fee > 0 ? ` · ${formatMoney(entry.entry_fee, currency)}` : ''}
          </Text>
        </Stack>
        <Group gap={4} wrap="wrap" justify="flex-end" style={{ maxWidth: 120 }}>
          <ActionIcon
            variant="default"
            aria-label={t('moveUp', { name: label })}
            disabled={busy || entry.has_result || index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={t('moveDown', { name: label })}
            disabled={busy || entry.has_result || index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            disabled={busy || entry.has_result}
            aria-label={t('withdrawEntry', { name: label })}
            onClick={() => onWithdraw(entry)}
          >
            {t('withdraw')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The order of go, sortable by drag (pointer or keyboard) and by the move buttons. */
export function SortableStarters({
  list,
  busy,
  onReorder,
  onWithdraw,
}: {
  list: StartList;
  busy: boolean;
  onReorder(ids: number[]): void;
  onWithdraw(entry: StartListEntry): void;
}) {
  const { t } = useTranslation('startlists');
  const entered = list.entries.filter((e) => e.status === 'entered');
  const [ids, setIds] = useState(() => entered.map((e) => e.id));
  const key = entered.map((e) => e.id).join(',');
  useEffect(() => setIds(key ? key.split(',').map(Number) : []), [key]);
  const byId = new Map(entered.map((e) => [e.id, e]));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function move(from: number, to: number) {
    if (to < 0 || to >= ids.length || from === to) return;
    const next = arrayMove(ids, from, to);
    setIds(next);
    onReorder(next);
  }

  function dragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  }

  // What a screen reader hears during a drag, in the user's language (dnd-kit's own are English).
  const nameOf = (id: UniqueIdentifier) => {
    const entry = byId.get(Number(id));
    return entry ? `${entry.rider.name} – ${entry.horse.name}` : '';
  };
  const placeOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dragPickedUp', { name: nameOf(active.id), place: placeOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('dragOver', { name: nameOf(active.id), place: placeOf(over.id), count: ids.length })
        : t('dragOutside', { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('dragDropped', { name: nameOf(active.id), place: placeOf(over.id) })
        : t('dragCancelled', { name: nameOf(active.id), place: placeOf(active.id) }),
    onDragCancel: ({ active }) => t('dragCancelled', { name: nameOf(active.id), place: placeOf(active.id) }),
  };

  if (!ids.length) return <Text c="dimmed">{t('noEntries')}</Text>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('dragInstructions') },
        announcements,
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack component="ol" gap={6} aria-label={t('orderOfGo')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {ids.map((id, index) => {
            const entry = byId.get(id);
            if (!entry) return null;
            return (
              <StarterRow
                key={id}
                entry={entry}
                index={index}
                count={ids.length}
                currency={list.competition.currency}
                startsAt={list.competition.starts_at}
                timeZone={list.competition.time_zone}
                busy={busy}
                onMove={move}
                onWithdraw={onWithdraw}
              />
            );
          })}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

/**
 * A competition's start list for the show office (admin and organizer alike): enter all from the
 * event, a late entry, withdraw, draw (with its seed), reorder by drag, keyboard or buttons, print.
 */
export function StartListView({ competitionId }: { competitionId: number }) {
  const { t } = useTranslation('startlists');
  const query = useStartList(competitionId);
  const fromEvent = useEnterFromEvent();
  const draw = useDrawStartList();
  const reorder = useReorderStartList();
  const withdraw = useWithdrawEntry();
  const [printing, setPrinting] = useState(false);
  const busy = fromEvent.isPending || draw.isPending || reorder.isPending || withdraw.isPending;

  function enterAll() {
    fromEvent.mutate(competitionId, {
      onSuccess: (result) => notify.success(t('enteredFromEvent', { count: result.created })),
      onError: formErrors,
    });
  }

  async function runDraw(list: StartList) {
    const confirmed = await confirmDialog({
      title: t('drawConfirmTitle'),
      message: list.competition.drawn_at ? t('redrawConfirm') : t('drawConfirm'),
    });
    if (!confirmed) return;
    draw.mutate(
      { competition: competitionId, input: {} },
      {
        onSuccess: (drawn) => notify.success(t('drawn', { seed: drawn.competition.draw_seed })),
        onError: formErrors,
      },
    );
  }

  async function runWithdraw(entry: StartListEntry) {
    const confirmed = await confirmDialog({
      title: t('withdrawConfirmTitle'),
      message: t('withdrawConfirm', { rider: entry.rider.name, horse: entry.horse.name }),
    });
    if (!confirmed) return;
    withdraw.mutate(entry.id, {
      onSuccess: (done) => notify.success(done.fee_reversal ? t('withdrawnRefunded') : t('withdrawnDone')),
      onError: formErrors,
    });
  }

  async function print() {
    setPrinting(true);
    try {
      await openStartListPdf(competitionId);
    } catch (error) {
      showError(error);
    } finally {
      setPrinting(false);
    }
  }

  return (
    <QueryView query={query}>
      {(list) => {
        const c = list.competition;
        const withdrawn = list.entries.filter((e) => e.status === 'withdrawn');
        const enteredCount = list.entries.length - withdrawn.length;
        return (
          <Stack>
            <Stack gap={2}>
              <Title order={2}>
                {c.number} · {c.name}
              </Title>
              <Text size="sm" c="dimmed">
                {[c.vec_name, formatDateTime(c.starts_at), c.arena, t(`rules.${c.ranking_rule}`)]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <Text size="sm">
                {t('summary', { count: enteredCount, interval: c.start_interval_seconds })}
                {c.entry_fee > 0 ? ` · ${t('entryFee')}: ${formatMoney(c.entry_fee, c.currency)}` : ''}
                {c.entry_deadline ? ` · ${t('deadline')}: ${formatDateTime(c.entry_deadline)}` : ''}
              </Text>
              <Text size="sm" data-testid="draw-state">
                {c.drawn_at ? t('drawnAt', { at: formatDateTime(c.drawn_at), seed: c.draw_seed }) : t('notDrawn')}
              </Text>
            </Stack>
            <Group gap="xs" wrap="wrap">
              <Button onClick={enterAll} loading={fromEvent.isPending} disabled={busy}>
                {t('enterFromEvent')}
              </Button>
              <AddEntryButton competitionId={competitionId} drawn={c.drawn_at !== null} disabled={busy} />
              <Button
                variant="light"
                onClick={() => void runDraw(list)}
                loading={draw.isPending}
                disabled={busy || !enteredCount}
              >
                {c.drawn_at ? t('redraw') : t('draw')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                onClick={() => void print()}
                loading={printing}
              >
                {t('print')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t('reorderHelp')}
            </Text>
            <SortableStarters
              list={list}
              busy={busy}
              onReorder={(ids) => reorder.mutate({ competition: competitionId, entries: ids }, { onError: formErrors })}
              onWithdraw={(entry) => void runWithdraw(entry)}
            />
            {withdrawn.length > 0 && (
              <Stack gap={4}>
                <Title order={3}>{t('withdrawnTitle')}</Title>
                {withdrawn.map((e) => (
                  <Text key={e.id} size="sm" c="dimmed">
                    {e.head_number !== null ? `${e.head_number} · ` : ''}
                    {e.horse.name} – {e.rider.name}
                    {e.fee_reversal ? ` · ${t('feeRefunded')}` : ''}
                  </Text>
                ))}
              </Stack>
            )}
          </Stack>
        );
      }}
    </QueryView>
  );
}
