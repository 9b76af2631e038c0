import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { IdapsCounts } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';

export interface Bar extends IdapsCounts {
  code: number;
  name: string;
}

const colours = {
  fatal: 'var(--mantine-color-red-9)',
  serious: 'var(--mantine-color-orange-7)',
  other: 'var(--mantine-color-blue-6)',
};

function Swatch({ colour, label }: { colour: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={14} h={14} style={{ background: colour, borderRadius: 2 }} aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/**
 * Horizontal bars, one per term, as long as its reactions, in three parts: fatal, serious
 * (not fatal) and the rest, its numbers written beside its name (so a screen reader reads
 * them too); with `onOpen` each bar is a button that drills down (a SOC to its PTs). The
 * table view beside it shows the same numbers.
 */
export function IdapsChart({
  bars,
  onOpen,
  label,
}: {
  bars: Bar[];
  onOpen?: (bar: Bar) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const max = Math.max(1, ...bars.map((b) => b.reactions));
  return (
    <Stack gap="sm">
      <Group gap="md" aria-hidden>
        <Swatch colour={colours.fatal} label={t('refdata.idaps.fatal')} />
        <Swatch colour={colours.serious} label={t('refdata.idaps.seriousNotFatal')} />
        <Swatch colour={colours.other} label={t('refdata.idaps.notSerious')} />
      </Group>
      <ul
        aria-label={label}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}
        data-testid="idaps-chart"
      >
        {bars.map((bar) => {
          const parts = [
            { key: 'fatal', value: bar.fatal, colour: colours.fatal },
            { key: 'serious', value: Math.max(0, bar.serious - bar.fatal), colour: colours.serious },
            {
              key: 'other',
              value: Math.max(0, bar.reactions - Math.max(bar.serious, bar.fatal)),
              colour: colours.other,
            },
          ];
          const content = (
            <Stack gap={2} style={{ width: '100%' }}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {bar.name}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('refdata.idaps.barNumbers', {
                    count: bar.reactions,
                    serious: bar.serious,
                    fatal: bar.fatal,
                  })}
                </Text>
              </Group>
              <Box
                style={{ display: 'flex', height: 14, width: `${(bar.reactions / max) * 100}%`, minWidth: 2 }}
                aria-hidden
              >
                {parts.map((p) =>
                  p.value > 0 ? <Box key={p.key} style={{ flex: p.value, background: p.colour }} /> : null,
                )}
              </Box>
            </Stack>
          );
          return (
            <li key={bar.code}>
              {onOpen ? (
                <UnstyledButton
                  onClick={() => onOpen(bar)}
                  style={{ width: '100%', padding: 4, borderRadius: 4 }}
                  className="idaps-bar"
                >
                  {content}
                  <VisuallyHidden component="span">{t('refdata.idaps.openPts')}</VisuallyHidden>
                </UnstyledButton>
              ) : (
                <Box p={4}>{content}</Box>
              )}
            </li>
          );
        })}
      </ul>
    </Stack>
  );
}
