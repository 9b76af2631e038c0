import { Button, Group, Loader } from '@mantine/core';
import type { MeddraPath, MeddraTerm } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../lib/api-context.tsx';
import { apiErrorMessage, readApiFailure } from '../../lib/api-errors.ts';
import { type MeddraCoding, searchMeddra, useMeddraLookup, useMeddraVersions } from './api/meddra.ts';
import { ChosenTerm, useChoosing } from './ChosenTerm.tsx';
import { MeddraBrowser } from './MeddraBrowser.tsx';
import { MeddraHit, MeddraPathLevels } from './MeddraTerms.tsx';
import classes from './Pickers.module.css';
import { TypeAhead } from './TypeAhead.tsx';
import { usePickerTexts } from './texts/use-picker-texts.ts';

export type { MeddraCoding };

export interface MeddraPickerProps {
  /** The search input's id (a label or an error summary points at it). */
  id: string;
  label: string;
  description?: string;
  error?: string;
  /** The coded term (E2B: version and LLT code), or undefined. */
  value: MeddraCoding | undefined;
  onChange: (value: MeddraCoding | undefined) => void;
  /** The reporter's own words, kept beside the chosen LLT (undefined: not shown). */
  verbatim?: string | null;
  /** Shows the coding without the means to change it. */
  readOnly?: boolean;
  disabled?: boolean;
  /** What the search box starts with (the verbatim text, so that hits show at once). */
  initialQuery?: string;
  debounceMs?: number;
}

const sameCoding = (a: MeddraCoding | undefined, b: MeddraCoding | undefined) =>
  a?.code === b?.code && a?.version === b?.version;

/**
 * The MedDRA picker (issue 13): a type-ahead whose hits show their path LLT → PT → HLT → HLGT →
 * SOC, non-current LLTs marked and not selectable, a browse mode SOC → HLGT → HLT → PT → LLT, and
 * the chosen LLT shown with its whole path and the MedDRA version beside the reporter's words.
 * It codes with the installation's default release (decision 0111); a coding keeps its version.
 */
export function MeddraPicker(props: MeddraPickerProps) {
  usePickerTexts();
  const { t } = useTranslation();
  const api = useApi();
  const { value, id } = props;
  const versions = useMeddraVersions();
  const { choosing, setChoosing, chose, change } = useChoosing(value === undefined);
  const [browsing, setBrowsing] = useState(false);
  /** The path the term was chosen with (shown at once) and the SOC browsed through. */
  const [chosen, setChosen] = useState<{ coding: MeddraCoding; path?: MeddraPath; soc?: number } | null>(
    null,
  );
  const lookup = useMeddraLookup(choosing ? undefined : value);
  const release = versions.data?.find((v) => v.isDefault && v.status === 'ready');

  const pick = (coding: MeddraCoding, path?: MeddraPath, soc?: number) => {
    setChosen({ coding, path, soc });
    setBrowsing(false);
    chose();
    props.onChange(coding);
  };
  const fromSearch = (path: MeddraPath) =>
    path.llt && pick({ version: path.version, code: String(path.llt.code) }, path);
  const fromBrowse = (llt: MeddraTerm, soc: MeddraTerm) =>
    release && pick({ version: release.version, code: String(llt.code) }, undefined, soc.code);

  const verbatim =
    props.verbatim === undefined ? null : (
      <div className={classes.box}>
        <span className={classes.boxLabel}>{t('pickers.meddra.verbatim')}</span>
        {props.verbatim?.trim() ? <q>{props.verbatim}</q> : t('pickers.meddra.noVerbatim')}
      </div>
    );

  if (!choosing && value) {
    const paths = (lookup.paths ?? []).filter((p) => p.llt?.code === Number(value.code));
    const known = sameCoding(chosen?.coding, value) ? chosen : null;
    const path = paths.find((p) => p.primary) ?? paths[0] ?? known?.path;
    const browsedOther = known?.soc !== undefined && path !== undefined && path.soc.code !== known.soc;
    return (
      <ChosenTerm
        id={id}
        label={props.label}
        error={props.error}
        disabled={props.disabled}
        readOnly={props.readOnly}
        {...change}
        onRemove={() => props.onChange(undefined)}
        beside={verbatim}
      >
        <span className={classes.boxLabel}>
          {t('pickers.meddra.chosen')} · {t('pickers.meddra.version', { version: value.version })}
        </span>
        {path ? (
          <>
            <MeddraPathLevels path={path} />
            {!path.primary || browsedOther ? (
              <span className={classes.flag}>{t('pickers.meddra.secondary')}</span>
            ) : null}
          </>
        ) : lookup.isPending ? (
          <Loader size="xs" aria-label={t('pickers.searching')} />
        ) : (
          <span>
            {t('pickers.meddra.llt')} <span className={classes.code}>{value.code}</span>
            {lookup.missingRelease || lookup.isError ? (
              <span className={classes.path}>
                {t('pickers.meddra.notFound', { code: value.code, version: value.version })}
              </span>
            ) : null}
          </span>
        )}
      </ChosenTerm>
    );
  }

  if (props.readOnly) return verbatim;
  if (versions.isSuccess && !release) return <p>{t('pickers.meddra.noRelease')}</p>;

  return (
    <div>
      {verbatim ? <div style={{ marginBottom: 8 }}>{verbatim}</div> : null}
      {browsing ? (
        <fieldset className={classes.fieldset}>
          <legend className={classes.name}>
            {props.label}
            {release ? ` · ${t('pickers.meddra.version', { version: release.version })}` : ''}
          </legend>
          <MeddraBrowser id={id} onChoose={fromBrowse} />
        </fieldset>
      ) : (
        <TypeAhead<MeddraPath>
          id={id}
          label={
            release
              ? `${props.label} · ${t('pickers.meddra.version', { version: release.version })}`
              : props.label
          }
          description={props.description ?? t('pickers.meddra.searchHint')}
          error={props.error}
          search={(query, signal) => searchMeddra(api, query, signal)}
          optionKey={(p) => `${p.llt?.code ?? ''}-${p.pt?.code ?? ''}-${p.hlt?.code ?? ''}-${p.soc.code}`}
          isDisabled={(p) => p.llt === null || !p.llt.current}
          renderOption={(p) => <MeddraHit path={p} />}
          onSelect={fromSearch}
          initialQuery={props.initialQuery}
          debounceMs={props.debounceMs}
          disabled={props.disabled}
          autoFocus={value !== undefined}
          failureText={(error) =>
            readApiFailure(error).status === 404 ? t('pickers.meddra.noRelease') : apiErrorMessage(error, t)
          }
        />
      )}
      <Group gap="xs" mt="xs">
        <Button
          variant="default"
          size="compact-sm"
          disabled={props.disabled}
          onClick={() => setBrowsing(!browsing)}
        >
          {browsing ? t('pickers.meddra.stopBrowsing') : t('pickers.meddra.browse')}
        </Button>
        {value ? (
          <Button variant="subtle" size="compact-sm" onClick={() => setChoosing(false)}>
            {t('pickers.keep')}
          </Button>
        ) : null}
      </Group>
    </div>
  );
}
