import { Loader } from '@mantine/core';
import type { MeddraLevel, MeddraTerm } from '@vigilo/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api-errors.ts';
import { useMeddraChildren } from './api/meddra.ts';
import classes from './Pickers.module.css';

const below: Record<MeddraLevel, MeddraLevel | null> = {
  soc: 'hlgt',
  hlgt: 'hlt',
  hlt: 'pt',
  pt: 'llt',
  llt: null,
};

export interface MeddraBrowserProps {
  id: string;
  /** An LLT was chosen; `soc` is the system organ class it was reached through. */
  onChoose: (llt: MeddraTerm, soc: MeddraTerm) => void;
}

/**
 * Browsing SOC → HLGT → HLT → PT → LLT (GET /v1/meddras): a trail of the terms opened, each a
 * button back to its level, and the terms of the level below as buttons. A PT under several HLTs
 * appears under each, so the SOC it was reached through may not be its primary one. Non-current
 * LLTs are listed, marked and disabled: they are not for new coding.
 */
export function MeddraBrowser({ id, onChoose }: MeddraBrowserProps) {
  const { t } = useTranslation();
  const [trail, setTrail] = useState<MeddraTerm[]>([]);
  const parent = trail.at(-1) ?? null;
  const level: MeddraLevel = parent ? (below[parent.level] ?? 'llt') : 'soc';
  const children = useMeddraChildren(parent ? { level: parent.level, code: parent.code } : null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After a step, the focus goes to the new level's heading (the button pressed is gone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each step of the trail
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [trail]);
  const go = (next: MeddraTerm[]) => {
    moved.current = true;
    setTrail(next);
  };

  return (
    <div>
      <nav aria-label={t('pickers.meddra.path')}>
        <ol className={classes.trail}>
          <li>
            {trail.length === 0 ? (
              <span aria-current="location">{t('pickers.meddra.top')}</span>
            ) : (
              <button type="button" className={classes.linkButton} onClick={() => go([])}>
                {t('pickers.meddra.top')}
              </button>
            )}
          </li>
          {trail.map((term, index) => (
            <li key={`${term.level}-${term.code}`}>
              <span aria-hidden="true">› </span>
              <span className={classes.level}>{t(`pickers.meddra.${term.level}`)}</span>{' '}
              {index === trail.length - 1 ? (
                <span aria-current="location">{term.name}</span>
              ) : (
                <button
                  type="button"
                  className={classes.linkButton}
                  onClick={() => go(trail.slice(0, index + 1))}
                >
                  {term.name}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h4 id={`${id}-level`} ref={heading} tabIndex={-1} style={{ margin: '0 0 4px' }}>
        {t(`pickers.meddra.levels.${level}`)}
      </h4>
      {children.isPending ? (
        <Loader size="sm" aria-label={t('pickers.searching')} />
      ) : children.isError ? (
        <p role="alert">{t('pickers.failed', { message: apiErrorMessage(children.error, t) })}</p>
      ) : children.data.length === 0 ? (
        <p>{t('pickers.meddra.emptyLevel')}</p>
      ) : (
        <ul className={classes.terms} aria-labelledby={`${id}-level`}>
          {children.data.map((term) => {
            const nonCurrent = term.level === 'llt' && !term.current;
            const name = `${term.name} ${term.code}`;
            return (
              <li key={`${term.level}-${term.code}`}>
                <button
                  type="button"
                  className={classes.termButton}
                  disabled={nonCurrent}
                  aria-label={
                    term.level === 'llt'
                      ? nonCurrent
                        ? `${name}, ${t('pickers.meddra.nonCurrent')}, ${t('pickers.meddra.nonCurrentHint')}`
                        : t('pickers.meddra.choose', { name })
                      : t('pickers.meddra.open', { name })
                  }
                  onClick={() =>
                    term.level === 'llt' ? onChoose(term, trail[0] ?? term) : go([...trail, term])
                  }
                >
                  <span className={classes.name}>{term.name}</span>{' '}
                  <span className={classes.code}>{term.code}</span>
                  {nonCurrent ? <span className={classes.flag}>{t('pickers.meddra.nonCurrent')}</span> : null}
                  {term.level !== 'llt' ? <span aria-hidden="true"> ›</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
