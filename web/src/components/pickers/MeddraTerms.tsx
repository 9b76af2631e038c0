import type { MeddraPath } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import classes from './Pickers.module.css';
import { TypeAheadHit } from './TypeAhead.tsx';

/** "PT › HLT › HLGT › SOC" on one line: what a search hit shows under its LLT. */
export function pathLine(path: MeddraPath): string {
  return [path.pt?.name, path.hlt?.name, path.hlgt?.name, path.soc.name].filter(Boolean).join(' › ');
}

/** One search hit: the LLT (or the level the code is at), its code, its path up to the SOC. */
export function MeddraHit({ path }: { path: MeddraPath }) {
  const { t } = useTranslation();
  const top = path.llt ?? path.pt ?? path.hlt ?? path.hlgt ?? path.soc;
  const level = path.llt ? null : path.pt ? 'pt' : path.hlt ? 'hlt' : path.hlgt ? 'hlgt' : 'soc';
  const rest = path.llt ? path : { ...path, [level!]: null };
  return (
    <TypeAheadHit
      level={level ? t(`pickers.meddra.${level}`) : null}
      name={top.name}
      code={top.code}
      flag={
        path.llt && !path.llt.current
          ? { text: t('pickers.meddra.nonCurrent'), hint: t('pickers.meddra.nonCurrentHint') }
          : null
      }
      detail={pathLine(rest as MeddraPath)}
    />
  );
}

/** The whole path, a level a line: LLT, PT, HLT, HLGT, SOC with their codes. */
export function MeddraPathLevels({ path }: { path: MeddraPath }) {
  const { t } = useTranslation();
  const rows = (['llt', 'pt', 'hlt', 'hlgt', 'soc'] as const)
    .map((level) => [level, path[level]] as const)
    .filter(([, term]) => term !== null);
  return (
    <ul className={classes.levels} aria-label={t('pickers.meddra.path')}>
      {rows.map(([level, term]) => (
        <li key={level}>
          <span className={classes.level}>{t(`pickers.meddra.${level}`)}</span>
          {term!.name} <span className={classes.code}>{term!.code}</span>
        </li>
      ))}
    </ul>
  );
}
