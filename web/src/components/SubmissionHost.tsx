// Runs submissions (spec point 4) and shows their overlay. Its own chunk, mounted once the
// visitor enters the survey and kept mounted after, so the submission code (pipeline, outbox)
// is not part of the hero's first load. App submits through `control`; a submit asked for
// before this chunk arrived runs as soon as it mounts.
import { useEffect, type MutableRefObject } from 'react';
import type { Answers } from '../core';
import type { SubmitDeps } from '../submit/pipeline';
import { useSubmission, type SubmitPhase } from '../submit/useSubmission';
import { SubmitOverlay } from './SubmitOverlay';

export type SubmitFn = (answers: Answers, file: File | null) => void;

export interface SubmissionControl {
  submit: SubmitFn | null;
  /** A submit asked for before the host mounted. */
  waiting: Parameters<SubmitFn> | null;
}

interface Props {
  deps: () => Promise<SubmitDeps>;
  onDone: () => void;
  onPhase: (phase: SubmitPhase) => void;
  control: MutableRefObject<SubmissionControl>;
}

export function SubmissionHost({ deps, onDone, onPhase, control }: Props) {
  const { phase, submit } = useSubmission(deps, onDone);
  useEffect(() => {
    control.current.submit = (answers, file) => void submit(answers, file);
    const waiting = control.current.waiting;
    control.current.waiting = null;
    if (waiting) void submit(...waiting);
  }, [control, submit]);
  useEffect(() => onPhase(phase), [onPhase, phase]);
  return phase === 'idle' ? null : <SubmitOverlay phase={phase} />;
}
