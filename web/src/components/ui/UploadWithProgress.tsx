import { Alert, Button, FileInput, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

/** One file input of the upload. */
export interface UploadField {
  id: string;
  label: string;
  description: string;
  accept: string;
  multiple?: boolean;
  /** Said when the form is sent without this field's file (required); none: optional. */
  missing?: string;
}

/** Why the upload was refused: its problems line by line, in words, or one sentence. */
export interface UploadRefusal {
  title: string;
  testId: string;
  /** Each problem in words ("Line 3: …"); none: `message` alone. */
  lines: string[];
  /** What is said above the lines ("Correct these 2 lines…"). */
  linesLead: string;
  message: string;
}

export interface UploadWithProgressProps {
  /** The heading's id (the section is labelled by it). */
  titleId: string;
  title: string;
  lead: string;
  fields: UploadField[];
  submitLabel: string;
  /** The upload's state (a mutation's). */
  upload: { isPending: boolean; isSuccess: boolean };
  /** The bytes sent so far, 0..1 (lib/upload-progress.ts). */
  progress: number;
  texts: { uploading: string; uploaded: string; progress: string };
  /** Sends the chosen files, by field id (the required ones are there). */
  onSend: (files: Record<string, File[]>) => void;
  /** Forgets the last answer and progress: a file was chosen again, or the form is sent again. */
  onReset: () => void;
  refusal: UploadRefusal | null;
  /** What the upload did (a report, a job followed until done), under the rest. */
  children?: ReactNode;
  mb?: 'lg';
}

/** Problems a line each, in words (also used for a finished job's own problems). */
export function LineProblems({ lines }: { lines: string[] }) {
  return (
    <List size="sm" spacing={2}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same words may stand twice; the order is fixed
        <List.Item key={`${index}:${line}`}>{line}</List.Item>
      ))}
    </List>
  );
}

/**
 * An upload form: the file inputs, the send button, the upload's progress bar while bytes
 * leave, and then why it was refused (a line-numbered list when the server names lines) or
 * what it did (`children`).
 */
export function UploadWithProgress(props: UploadWithProgressProps) {
  const { upload, refusal } = props;
  const [files, setFiles] = useState<Record<string, File[]>>({});
  const [tried, setTried] = useState(false);
  const chosen = (id: string) => files[id] ?? [];
  return (
    <Paper withBorder p="md" mb={props.mb} component="section" aria-labelledby={props.titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (props.fields.some((f) => f.missing && chosen(f.id).length === 0)) return;
          props.onReset();
          props.onSend(files);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id={props.titleId}>
            {props.title}
          </Title>
          <Text size="sm">{props.lead}</Text>
          <Group align="flex-start" wrap="wrap">
            {props.fields.map((field) => {
              const common = {
                id: field.id,
                label: field.label,
                description: field.description,
                accept: field.accept,
                clearable: true,
                error: tried && field.missing && chosen(field.id).length === 0 ? field.missing : undefined,
                style: { flex: '1 1 16rem', maxWidth: props.fields.length === 1 ? 560 : undefined },
              };
              const choose = (list: File[]) => {
                props.onReset();
                setFiles((current) => ({ ...current, [field.id]: list }));
              };
              return field.multiple ? (
                <FileInput key={field.id} {...common} multiple value={chosen(field.id)} onChange={choose} />
              ) : (
                <FileInput
                  key={field.id}
                  {...common}
                  value={chosen(field.id)[0] ?? null}
                  onChange={(file) => choose(file ? [file] : [])}
                />
              );
            })}
          </Group>
          <Group>
            <Button
              type="submit"
              loading={upload.isPending}
              leftSection={<IconUpload size={18} aria-hidden />}
            >
              {props.submitLabel}
            </Button>
          </Group>
          {upload.isPending || upload.isSuccess ? (
            <Stack gap={2} maw={560}>
              <Text size="sm">{upload.isPending ? props.texts.uploading : props.texts.uploaded}</Text>
              <Progress
                value={Math.round((upload.isSuccess ? 1 : props.progress) * 100)}
                aria-label={props.texts.progress}
              />
            </Stack>
          ) : null}
          {refusal ? (
            <Alert color="red" title={refusal.title} role="alert" data-testid={refusal.testId}>
              {refusal.lines.length > 0 ? (
                <Stack gap="xs">
                  <Text size="sm">{refusal.linesLead}</Text>
                  <LineProblems lines={refusal.lines} />
                </Stack>
              ) : (
                refusal.message
              )}
            </Alert>
          ) : null}
          {props.children}
        </Stack>
      </form>
    </Paper>
  );
}
