import { Box, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

export interface Bar {
  key: string | number;
  label: string;
  value: number;
  /** The value as people read it (e.g. "1200.00 EUR"). */
  display: string;
}

interface BarChartProps {
  title: string;
  /** Column headings of the data table behind the chart. */
  labelHeading: string;
  valueHeading: string;
  bars: readonly Bar[];
}

const ROW_HEIGHT = 44;
const BAR_HEIGHT = 14;
const LABEL_CHARS = 24;

const shorten = (text: string) => (text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text);

/**
 * Horizontal bars, one per row: the label and value above, the bar below, so it reads on a phone.
 * The SVG is one image named by its title; a visually hidden table carries the same figures.
 */
export function BarChart({ title, labelHeading, valueHeading, bars }: BarChartProps) {
  const titleId = useId();
  const largest = Math.max(1, ...bars.map((bar) => Math.abs(bar.value)));
  return (
    <Box component="figure" m={0}>
      <svg
        role="img"
        aria-labelledby={titleId}
        width="100%"
        height={bars.length * ROW_HEIGHT}
        style={{ display: 'block', overflow: 'visible' }}
      >
        <title id={titleId}>{title}</title>
        {bars.map((bar, index) => {
          const top = index * ROW_HEIGHT;
          return (
            <g key={bar.key}>
              <title>{`${bar.label}: ${bar.display}`}</title>
              <text x="0" y={top + 14} fontSize="13" fill="currentColor">
                {shorten(bar.label)}
              </text>
              <text x="100%" y={top + 14} fontSize="13" textAnchor="end" fill="currentColor" fontWeight={600}>
                {bar.display}
              </text>
              <rect
                x="0"
                y={top + 20}
                width="100%"
                height={BAR_HEIGHT}
                rx="3"
                style={{ fill: 'var(--mantine-color-gray-1)' }}
              />
              <rect
                data-bar={bar.key}
                x="0"
                y={top + 20}
                width={`${(Math.abs(bar.value) / largest) * 100}%`}
                height={BAR_HEIGHT}
                rx="3"
                style={{ fill: bar.value < 0 ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-paddock-7)' }}
              />
            </g>
          );
        })}
      </svg>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeading}</th>
              <th scope="col">{valueHeading}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row">{bar.label}</th>
                <td>{bar.display}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
