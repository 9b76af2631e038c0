import type { CaseDocument } from '@vigilo/contract';

/**
 * E2B keeps a drug's role (G.k.1) and the causality assessments (G.k.9.i.2.r) outside the
 * drug, in the adverse event assessment, pointing at drug and reaction ids. The case
 * document keeps them in the drug. These two functions move them between the two places;
 * everything else maps in place.
 */
type Drug = NonNullable<NonNullable<CaseDocument['G']>['drugs']>[number];
type ReactionAssessment = NonNullable<Drug['reactionAssessments']>[number];

export interface Role {
  drugId: string;
  role: Drug['role'];
}
/** FDA.G.k.1.a, FDA's "similar device" role, kept beside G.k.1 as its own assessment. */
export interface FdaRole {
  drugId: string;
  role: Drug['fdaOtherRole'];
}
export type Causality = { drugId: string; reactionId: string } & NonNullable<
  ReactionAssessment['assessments']
>[number];

/** The document with roles and assessments lifted out (what the message spec reads). */
export function flatten(doc: CaseDocument, header: object): Record<string, unknown> {
  const roles: Role[] = [];
  const fdaRoles: FdaRole[] = [];
  const causality: Causality[] = [];
  for (const drug of doc.G?.drugs ?? []) {
    if (drug.role !== undefined) roles.push({ drugId: drug.id, role: drug.role });
    if (drug.fdaOtherRole !== undefined) fdaRoles.push({ drugId: drug.id, role: drug.fdaOtherRole });
    for (const ra of drug.reactionAssessments ?? []) {
      for (const a of ra.assessments ?? [])
        causality.push({ drugId: drug.id, reactionId: ra.reactionId, ...a });
    }
  }
  return { ...doc, N: header, _roles: roles, _fdaRoles: fdaRoles, _causality: causality };
}

/** The inverse of `flatten`: puts roles and assessments back into their drugs. */
export function nest(flat: Record<string, unknown>): { doc: CaseDocument; header: Record<string, unknown> } {
  const { N, _roles, _fdaRoles, _causality, ...rest } = flat as {
    N?: Record<string, unknown>;
    _roles?: Role[];
    _fdaRoles?: FdaRole[];
    _causality?: Causality[];
  } & Record<string, unknown>;
  const doc = { schemaVersion: 1, C: {}, ...rest } as CaseDocument;
  const drugOf = (id: string): Drug => {
    doc.G ??= {};
    doc.G.drugs ??= [];
    let drug = doc.G.drugs.find((d) => d.id === id);
    if (!drug) {
      drug = { id };
      doc.G.drugs.push(drug);
    }
    return drug;
  };
  for (const r of _roles ?? []) drugOf(r.drugId).role = r.role;
  for (const r of _fdaRoles ?? []) drugOf(r.drugId).fdaOtherRole = r.role;
  for (const { drugId, reactionId, ...assessment } of _causality ?? []) {
    const drug = drugOf(drugId);
    drug.reactionAssessments ??= [];
    let ra: ReactionAssessment | undefined = drug.reactionAssessments.find(
      (x) => x.reactionId === reactionId,
    );
    if (!ra) {
      ra = { reactionId };
      drug.reactionAssessments.push(ra);
    }
    ra.assessments ??= [];
    ra.assessments.push(assessment);
  }
  return { doc, header: N ?? {} };
}
