import type { TPerspective, TPerspectiveView } from '@movelab/shared';
import {
  buildReference,
  referencePostureError,
  referenceViewError,
  type TMovementKind,
  type TReference,
  type TTake,
} from '@movelab/shared/movescore/index';
import { useMemo, useState } from 'react';
import { errorText } from '@/lib/errors';
import { useSaveReference, type TPerspectiveIds } from '../api/save-reference';

/** Builds the reference, or says in plain words why it cannot. */
function tryBuild(take: TTake, kind: TMovementKind): { reference: TReference; error: null } | { reference: null; error: string } {
  try {
    return { reference: buildReference(take, { kind }), error: null };
  } catch (failure) {
    return { reference: null, error: errorText(failure) };
  }
}

type TBuildOptions = {
  ids: TPerspectiveIds;
  savedKind: TMovementKind | undefined;
  view: TPerspectiveView | undefined;
  onSaved: ((perspective: TPerspective) => void) | undefined;
  setError: (error: string | null) => void;
};

/**
 * The reference built from the recorded take with the chosen kind of movement (changing the kind
 * after recording needs no new take), why it may not be saved, and its saving.
 */
export function useReferenceBuild({ ids, savedKind, view, onSaved, setError }: TBuildOptions) {
  const [built, setBuilt] = useState<{ take: TTake; reference: TReference } | null>(null);
  const [take, setTake] = useState<TTake | null>(null);
  const [kind, setKind] = useState<TMovementKind>(savedKind ?? 'custom');
  // A take filmed from the other side than the perspective's view, or showing a fault of the
  // movement (hips sagging in a push-up), would judge every user unfairly: not saved.
  const refusal = useMemo(
    () => (built ? ((view ? referenceViewError(view, built.take) : null) ?? referencePostureError(built.reference)) : null),
    [built, view],
  );
  const save = useSaveReference(ids, onSaved);
  const rebuild = (recorded: TTake, nextKind: TMovementKind) => {
    const result = tryBuild(recorded, nextKind);
    setBuilt(result.reference ? { take: recorded, reference: result.reference } : null);
    setError(result.error);
    save.reset();
  };
  return {
    built,
    kind,
    refusal,
    save,
    /** The take just recorded: its reference is built with the kind chosen. */
    buildFrom: (recorded: TTake) => {
      setTake(recorded);
      rebuild(recorded, kind);
    },
    /** A new kind; rebuilt at once when a take is being previewed. */
    changeKind: (nextKind: TMovementKind, isPreview: boolean) => {
      setKind(nextKind);
      if (take && isPreview) rebuild(take, nextKind);
    },
    clear: () => {
      setBuilt(null);
      setTake(null);
    },
  };
}

export type TReferenceBuild = ReturnType<typeof useReferenceBuild>;
