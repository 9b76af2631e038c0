import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDifference } from '../../lib/stale-write.ts';

interface Props {
  differences: FieldDifference[];
  /** The visible label of a field key. */
  label: (key: string) => string;
  /** How a value reads on screen (empty values read "Not provided"). */
  format?: (key: string, value: unknown) => string;
  onKeepMine: () => void;
  onUseTheirs: () => void;
  pending?: boolean;
}

/**
 * "Someone else changed this": shown instead of a plain error when a save meets a newer
 * version (412). Lists what the other person changed beside what the user is saving, then
 * lets the user save theirs over it or take the stored version. Takes focus when it appears.
 */
export function StaleWriteNotice({ differences, label, format, onKeepMine, onUseTheirs, pending }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const show = (key: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return t('common.notProvided');
    return format ? format(key, value) : String(value);
  };
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="yellow"
      variant="outline"
      title={t('staleWrite.title')}
      // The yellow is the border only: text in it would not reach 4.5:1 on white.
      styles={{
        root: { borderWidth: 3 },
        title: { color: 'var(--mantine-color-text)', fontSize: 'var(--mantine-font-size-md)' },
      }}
      mb="sm"
    >
      <Text size="sm" mb="sm">
        {differences.some((d) => d.mineChanged) ? t('staleWrite.lead') : t('staleWrite.leadNoOverlap')}
      </Text>
      {differences.length ? (
        <Table.ScrollContainer minWidth={360} mb="sm">
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staleWrite.field')}</Table.Th>
                <Table.Th scope="col">{t('staleWrite.theirs')}</Table.Th>
                <Table.Th scope="col">{t('staleWrite.mine')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {differences.map((d) => (
                <Table.Tr key={d.key}>
                  <Table.Th scope="row">{label(d.key)}</Table.Th>
                  <Table.Td>{show(d.key, d.theirs)}</Table.Td>
                  <Table.Td>
                    {d.mineChanged ? show(d.key, d.mine) : t('staleWrite.untouched')}
                    {d.conflict ? (
                      <>
                        {' '}
                        <Badge color="red" variant="light">
                          {t('staleWrite.conflict')}
                        </Badge>
                      </>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Group>
        <Button onClick={onKeepMine} loading={pending}>
          {t('staleWrite.keepMine')}
        </Button>
        <Button variant="default" onClick={onUseTheirs} disabled={pending}>
          {t('staleWrite.useTheirs')}
        </Button>
      </Group>
    </Alert>
  );
}
