import { Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCoins, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ranking, RankingRow } from '@shared/schemas/results';
import { ruleFields } from '@shared/schemas/results';
import { errorText } from '@/lib/api-error';
import { QueryView } from '@/lib/components/query-view';
import { RecordTable, type Column } from '@/lib/components/record-table';
import { confirmDialog } from '@/lib/dialogs';
import { formatMoney } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { rankingQueryOptions } from '../api/get-ranking';
import { usePayPrizeMoney } from '../api/pay-prize-money';
import { usePublishRanking } from '../api/publish-ranking';
import { roundText, scoreText } from './result-text';

interface RankingViewProps {
  competitionId: number;
  onAdd(): void;
  onEdit(row: RankingRow): void;
}

export const starterName = (row: Pick<RankingRow, 'rider' | 'horse' | 'head_number'>) =>
  `${row.head_number !== null ? `${row.head_number} ` : ''}${row.rider.name} – ${row.horse.name}`;

/** The header of a ranking: the competition, publication, the money, and its two actions. */
function RankingHeader({ ranking, onAdd }: { ranking: Ranking; onAdd(): void }) {
  const { t } = useTranslation('results');
  const titleId = useId();
  const publish = usePublishRanking();
  const pay = usePayPrizeMoney();
  const idempotency = useIdempotencyKey();
  const c = ranking.competition;
  const money = (amount: number) => formatMoney(amount, c.currency);
  const published = c.published_at !== null;

  function togglePublished(next: boolean) {
    publish.mutate(
      { competition: c.id, published: next },
      {
        onSuccess: () => notify.success(next ? t('view.publishedDone') : t('view.heldBackDone')),
        onError: (error) => notify.error(errorText(error)),
      },
    );
  }

  async function payPrizes() {
    const confirmed = await confirmDialog({
      title: t('view.payTitle'),
      message: t('view.payConfirm', { amount: money(ranking.to_pay) }),
    });
    if (!confirmed) return;
    const body = { competition: c.id, to_pay: ranking.to_pay };
    try {
      const result = await pay.mutateAsync({ competition: c.id, idempotencyKey: idempotency.keyFor(body) });
      idempotency.settle();
      notify.success(t('view.payDone', { count: result.posted, amount: money(result.amount) }));
    } catch (error) {
      idempotency.settle(error);
      notify.error(errorText(error));
    }
  }

  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3" id={titleId}>
              {c.number} {c.name}
            </Title>
            <Text c="dimmed" size="sm">
              {c.vec_name} · {t(`rule.${c.ranking_rule}`)}
              {c.ranking_rule === 'table_c' && ` · ${t('knockDownSeconds', { seconds: c.knock_down_seconds })}`}
            </Text>
          </Stack>
          <Badge color={published ? 'green' : 'gray'} size="lg">
            {published ? t('published') : t('heldBack')}
          </Badge>
        </Group>
        <Switch
          checked={published}
          disabled={publish.isPending}
          onChange={(event) => togglePublished(event.currentTarget.checked)}
          label={t('view.publishSwitch')}
          description={t('view.publishHint')}
        />
        <Group gap="lg">
          <Text size="sm">{t('view.results', { results: ranking.results, entries: ranking.entries })}</Text>
          <Text size="sm">{t('view.prizeTotal', { amount: money(ranking.prize_total) })}</Text>
          <Text size="sm">{t('view.paidTotal', { amount: money(ranking.paid_total) })}</Text>
          <Text size="sm" fw={600}>
            {t('view.toPay', { amount: money(ranking.to_pay) })}
          </Text>
        </Group>
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {t('view.add')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconCoins size={16} aria-hidden />}
            onClick={() => void payPrizes()}
            loading={pay.isPending}
            disabled={!published || ranking.to_pay === 0}
          >
            {t('view.pay')}
          </Button>
        </Group>
        {!published && ranking.to_pay !== 0 && (
          <Text size="sm" c="dimmed">
            {t('view.payNeedsPublished')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** A competition's ranking: publish or hold back, pay the prize money, the rows with add and edit. */
export function RankingView({ competitionId, onAdd, onEdit }: RankingViewProps) {
  const { t } = useTranslation('results');
  const query = useQuery(rankingQueryOptions(competitionId));
  const rows = useQuery({
    ...rankingQueryOptions(competitionId),
    select: (r) => ({ count: r.rows.length, results: r.rows }),
  });
  return (
    <QueryView query={query}>
      {(ranking) => {
        const fields = ruleFields(ranking.competition.ranking_rule);
        const money = (amount: number) => formatMoney(amount, ranking.competition.currency);
        const columns: Column<RankingRow>[] = [
          { label: t('table.rank'), render: (row) => row.rank ?? '' },
          { label: t('table.head'), render: (row) => row.head_number ?? '' },
          { label: t('table.rider'), render: (row) => row.rider.name },
          { label: t('table.horse'), render: (row) => row.horse.name },
          {
            label: t('table.status'),
            render: (row) =>
              row.entry_status === 'withdrawn'
                ? t('withdrawn')
                : row.status
                  ? t(`status.${row.status}`)
                  : t('noResult'),
          },
          ...(fields.round ? [{ label: t('table.round'), render: (row: RankingRow) => roundText(row.round) }] : []),
          ...(fields.jumpOff
            ? [
                {
                  label: t(ranking.competition.ranking_rule === 'two_phases' ? 'table.phase2' : 'table.jumpOff'),
                  render: (row: RankingRow) =>
                    row.jump_off_status
                      ? [roundText(row.jump_off), t(`status.${row.jump_off_status}`)].filter(Boolean).join(' · ')
                      : roundText(row.jump_off),
                },
              ]
            : []),
          ...(fields.score
            ? [{ label: t('table.score'), render: (row: RankingRow) => scoreText(row.score_thousandths) }]
            : []),
          { label: t('table.prize'), render: (row) => (row.prize ? money(row.prize) : '') },
          { label: t('table.paid'), render: (row) => (row.paid ? money(row.paid) : '') },
        ];
        return (
          <Stack>
            <RankingHeader ranking={ranking} onAdd={onAdd} />
            <RecordTable<RankingRow>
              title={t('table.title')}
              query={rows}
              columns={columns}
              rowKey={(row) => row.entry}
              rowName={starterName}
              empty={t('table.empty')}
              onEdit={(row) => onEdit(row)}
              minWidth={760}
            />
          </Stack>
        );
      }}
    </QueryView>
  );
}
