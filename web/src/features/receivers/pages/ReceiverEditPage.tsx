import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import type { Receiver } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCreateReceiver } from '../api/create-receiver.ts';
import { useDeleteReceiver } from '../api/delete-receiver.ts';
import { useReceiverList } from '../api/list-receivers.ts';
import { useUpdateReceiver } from '../api/update-receiver.ts';
import { ReceiverForm } from '../components/ReceiverForm.tsx';
import { TestMessage } from '../components/TestMessage.tsx';
import { useReceiversTexts } from '../texts/use-receivers-texts.ts';

function DeleteReceiver({ receiver, onDeleted }: { receiver: Receiver; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteReceiver(receiver.organisationId);
  return (
    <>
      <Button color="red" variant="outline" w="fit-content" onClick={() => setOpen(true)}>
        {t('receivers.form.delete')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('receivers.form.deleteTitle', { name: receiver.name })}
      >
        <Stack gap="sm">
          <Text>{t('receivers.form.deleteBody')}</Text>
          {remove.isError ? (
            <Alert color="red" title={t('receivers.form.deleteFailed')} role="alert">
              {apiErrorMessage(remove.error, t)}
            </Alert>
          ) : null}
          <Group>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(receiver.id, { onSuccess: onDeleted })}
            >
              {t('receivers.form.deleteConfirm')}
            </Button>
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('receivers.form.cancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function Existing({ receiver, listPath }: { receiver: Receiver; listPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const update = useUpdateReceiver(receiver.organisationId, receiver.id);
  const [saved, setSaved] = useState<boolean>(
    (location.state as { created?: boolean } | null)?.created ?? false,
  );
  return (
    <Stack gap="md">
      <div aria-live="polite">
        {saved ? (
          <Alert color="green" icon={<IconCheck aria-hidden />}>
            {t(
              (location.state as { created?: boolean } | null)?.created
                ? 'receivers.form.created'
                : 'receivers.form.saved',
            )}
          </Alert>
        ) : null}
      </div>
      <ReceiverForm
        key={receiver.updatedAt}
        receiver={receiver}
        submitLabel={t('receivers.form.save')}
        saving={update.isPending}
        error={update.error}
        onSubmit={(body) => update.mutate(body, { onSuccess: () => setSaved(true) })}
        onCancel={() => navigate(listPath)}
      />
      <TestMessage receiver={receiver} />
      <DeleteReceiver
        receiver={receiver}
        onDeleted={() => navigate(listPath, { state: { deleted: receiver.name } })}
      />
    </Stack>
  );
}

/** /admin/organisations/{id}/receivers/new and /…/{receiverId}: a receiver's settings, its test and its removal. */
export function ReceiverEditPage() {
  useReceiversTexts();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '', receiverId } = useParams();
  const listPath = `/admin/organisations/${encodeURIComponent(id)}/receivers`;
  const receivers = useReceiverList(id);
  const create = useCreateReceiver(id);
  const receiver = receiverId ? receivers.data?.find((r) => r.id === receiverId) : undefined;
  const title = receiverId
    ? t('receivers.form.editTitle', { name: receiver?.name ?? '' })
    : t('receivers.form.newTitle');
  useDocumentTitle(title);

  const back = (
    <Anchor component={Link} to={listPath} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('receivers.list.title')}
      </Group>
    </Anchor>
  );
  if (!receiverId)
    return (
      <>
        {back}
        <PageHeader title={title} />
        <ReceiverForm
          submitLabel={t('receivers.form.add')}
          saving={create.isPending}
          error={create.error}
          onSubmit={(body) =>
            create.mutate(body, {
              onSuccess: (made) => navigate(`${listPath}/${made.id}`, { state: { created: true } }),
            })
          }
          onCancel={() => navigate(listPath)}
        />
      </>
    );
  return (
    <>
      {back}
      <PageHeader title={title} />
      {receivers.isPending ? (
        <Loading />
      ) : receivers.isError ? (
        <LoadError
          title={t('receivers.list.loadFailed')}
          error={receivers.error}
          onRetry={() => void receivers.refetch()}
          retrying={receivers.isFetching}
        />
      ) : receiver ? (
        <Existing receiver={receiver} listPath={listPath} />
      ) : (
        <Alert color="yellow">{t('receivers.form.notFound')}</Alert>
      )}
    </>
  );
}
