import {
  dropLanguage,
  type FormField,
  type FormLayout,
  type FormView,
  type FormViewCreateBody,
} from '@vigilo/contract';
import type { Actor, Target } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { scopeFor, systemScope } from '../../platform/scope.ts';
import { checkForm } from './forms.check.ts';
import { formPolicy } from './forms.policy.ts';
import {
  findFormSchema,
  findFormView,
  findFormViewByKey,
  findOrganisation,
  insertFormSchema,
  insertFormView,
  toFormView,
} from './forms.repository.ts';
import { getView, mayManage, requireOnVisible } from './forms.service.ts';

/**
 * A form's key, from its name: lower-case ASCII letters, digits and dashes (accents folded),
 * as the zip's file name and the URL show it. "Déclaration d'effet (vaccins)" →
 * `declaration-d-effet-vaccins`.
 */
export function keyOf(name: string): string {
  const key = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return key === '' ? 'form' : key;
}

/** Where the new form goes: the organisation given, the session's by default, or (null) the platform. */
async function ownerOf(db: Db, actor: Actor, organisationId: string | null | undefined): Promise<Target> {
  const id = organisationId === undefined ? actor.organisationId : organisationId;
  if (id === null) return { platformId: actor.platformId, organisationIds: [] };
  const organisation = await findOrganisation(db, scopeFor(actor), id);
  if (!organisation) throw notFound('Organisation');
  return { platformId: organisation.platform_id, organisationIds: [organisation.id] };
}

/**
 * The template's layout in the new form's languages: texts in languages left out go (one
 * only written there moves to a language kept); a language the template lacks starts
 * untranslated, for the editor's "texts not translated yet". At least one language must be
 * the template's, or there would be no text to start from.
 */
function inLanguages(layout: FormLayout, languages: string[]): FormLayout {
  if (!languages.some((l) => layout.languages.includes(l)))
    throw new AppError('VALIDATION_FAILED', 'No language of the form to start from', {
      fields: [
        {
          field: 'body/languages',
          message: `must include one of the template's languages (${layout.languages.join(', ')})`,
          reason: 'notAllowed',
        },
      ],
    });
  const kept = layout.languages.filter((l) => !languages.includes(l)).reduce(dropLanguage, layout);
  return { ...kept, languages };
}

const taken = () =>
  new AppError('CONFLICT', 'body/name is already the name of another form here', {
    fields: [{ field: 'body/name', message: 'is already the name of another form here', reason: 'taken' }],
  });

/**
 * POST /v1/formviews (decision 0290): a new draft form, a copy of a form the caller can read
 * (the standard forms are every platform's). The copy has its own schema, owned with the form,
 * so its administrators can change its fields and import a zip into it. The template is copied
 * as the caller sees it: its draft for those who administer it, else its published version.
 * Nothing reaches reporters until it is published.
 */
export async function createView(
  db: Db,
  actor: Actor,
  body: FormViewCreateBody,
  requestId: string,
): Promise<FormView> {
  const owner = await ownerOf(db, actor, body.organisationId);
  requireOnVisible(actor, formPolicy.manage, owner);
  const organisationId = owner.organisationIds[0] ?? null;
  const template = await getView(db, actor, body.templateId).catch((error: unknown) => {
    // A template the caller cannot read is named in the body: a 404 would read as the route's.
    if (error instanceof AppError && error.statusCode === 404)
      throw new AppError('VALIDATION_FAILED', 'No such form to start from', {
        fields: [{ field: 'body/templateId', message: 'is not a form you can read', reason: 'notFound' }],
      });
    throw error;
  });
  const schema = (await findFormSchema(db, systemScope, template.formSchemaId))!;
  const manages = mayManage(actor, {
    platform_id: template.platformId,
    organisation_id: template.organisationId,
  });
  const fields = (
    manages || !template.published ? schema.fields : template.published.definition.fields
  ) as FormField[];
  const layout = inLanguages(template.layout, body.languages);
  checkForm(fields, layout, template.conditions, {
    layout: 'body/templateId',
    conditions: 'body/templateId',
  });
  const key = keyOf(body.name);
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const place = { platformId: owner.platformId, organisationId };
    if (await findFormViewByKey(tx, scope, place, key)) throw taken();
    const { id: formSchemaId } = await insertFormSchema(tx, scope, {
      ...place,
      key,
      name: body.name,
      description: `A copy of “${template.name}”`,
      reportType: template.reportType,
      fields,
    });
    const { id } = await insertFormView(tx, scope, {
      ...place,
      formSchemaId,
      key,
      name: body.name,
      audience: body.audience ?? template.audience,
      layout,
      conditions: template.conditions,
    });
    const created = toFormView((await findFormView(tx, scope, id))!);
    await audit(tx, {
      action: 'form_view.created',
      entityType: 'form_view',
      entityId: id,
      platformId: owner.platformId,
      organisationId,
      actorUserId: actor.userId,
      after: created,
      details: { templateId: template.id, formSchemaId },
      requestId,
    });
    return created;
  });
}
