import { Fieldset, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { NaranjoAnswer, NaranjoAnswers, NaranjoQuestionId } from '@vigilo/contract';
import { naranjoAnswers, naranjoQuestions, scoreNaranjo } from '@vigilo/contract/causality';
import { useTranslation } from 'react-i18next';

/** The id of a question's first answer: what the error summary links to. */
export const questionFieldId = (prefix: string, id: NaranjoQuestionId) => `${prefix}-naranjo-${id}`;

/** +2, 0, −1: the published weight of an answer, signed as the table prints it. */
const signed = (points: number) => (points > 0 ? `+${points}` : points < 0 ? `−${-points}` : '0');

/**
 * The ten questions of the Naranjo scale, each answered yes, no or do not know (with the
 * answer's published weight beside it), and the score and category as the user answers,
 * computed by the same function the server scores with (contract/src/causality.ts).
 */
export function NaranjoQuestions({
  prefix,
  answers,
  errors,
  onAnswer,
}: {
  prefix: string;
  answers: NaranjoAnswers;
  errors: Partial<Record<NaranjoQuestionId, string>>;
  onAnswer: (id: NaranjoQuestionId, answer: NaranjoAnswer) => void;
}) {
  const { t } = useTranslation();
  const scored = scoreNaranjo(answers);
  return (
    <Fieldset legend={t('causality.naranjo.title')} variant="unstyled">
      <Text size="sm" mb="sm">
        {t('causality.naranjo.lead')}
      </Text>
      <Stack gap="md">
        {naranjoQuestions.map((question, index) => (
          <Radio.Group
            key={question.id}
            label={t('causality.naranjo.question', {
              number: index + 1,
              text: t(`causality.naranjo.questions.${question.id}`),
            })}
            value={answers[question.id] ?? null}
            onChange={(value) => onAnswer(question.id, value as NaranjoAnswer)}
            error={errors[question.id]}
          >
            <Group gap="md" mt={6} wrap="wrap">
              {naranjoAnswers.map((answer, i) => (
                <Radio
                  key={answer}
                  id={i === 0 ? questionFieldId(prefix, question.id) : undefined}
                  value={answer}
                  label={t('causality.naranjo.points', {
                    answer: t(`causality.naranjo.answers.${answer}`),
                    points: signed(question[answer]),
                  })}
                />
              ))}
            </Group>
          </Radio.Group>
        ))}
      </Stack>
      <Paper withBorder p="sm" mt="md" bg="var(--mantine-color-default-hover)" data-testid="naranjo-score">
        <div aria-live="polite" aria-atomic="true">
          <Text fw={700} size="lg">
            {t('causality.naranjo.score', {
              score: scored.score,
              category: t(`causality.naranjo.categories.${scored.category}`),
            })}
          </Text>
          <Text size="sm">{t('causality.naranjo.answered', { count: scored.answered })}</Text>
        </div>
        <Text size="sm" mt={4}>
          {t('causality.naranjo.bands')}
        </Text>
      </Paper>
    </Fieldset>
  );
}
