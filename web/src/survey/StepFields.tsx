// Picks the input(s) for one survey step. Options come from the engine's choices().
import { forwardRef } from 'react';
import { choices, reveals, type Answers, type StepId } from '../core';
import { AgeQuestion } from './AgeQuestion';
import { AttachmentField } from './AttachmentField';
import { ChoiceQuestion } from './ChoiceQuestion';
import { EmailField } from './EmailField';
import { GenderQuestion } from './GenderQuestion';
import { HoneypotField } from './HoneypotField';
import { QUESTIONS } from './questions';
import { TextQuestion } from './TextQuestion';

export interface StepFieldsProps {
  step: StepId;
  answers: Answers;
  update: (patch: Answers) => void;
  file: File | null;
  setFile: (file: File | null) => void;
  errors: Record<string, string>;
  shake: number;
}

type ChoiceKey = 'question3' | 'question4a' | 'question4b' | 'question5a' | 'question5b' | 'question6';
const CHOICE_KEYS: Partial<Record<StepId, ChoiceKey>> = {
  '3': 'question3',
  '4a': 'question4a',
  '4b': 'question4b',
  '5a': 'question5a',
  '5b': 'question5b',
  '6': 'question6',
};
const TEXT_KEYS: Partial<Record<StepId, 'question1' | 'question2' | 'answer4b-other'>> = {
  '1': 'question1',
  '2': 'question2',
  '4b-other': 'answer4b-other',
};

export const StepFields = forwardRef<HTMLHeadingElement, StepFieldsProps>(function StepFields(
  { step, answers, update, file, setFile, errors, shake },
  ref,
) {
  const text = QUESTIONS[step];
  const textKey = TEXT_KEYS[step];
  if (textKey) {
    return (
      <TextQuestion
        ref={ref}
        name={textKey}
        text={text}
        value={answers[textKey] ?? ''}
        onChange={(value) => update({ [textKey]: value })}
        error={errors[textKey]}
        shake={shake}
        multiline={step === '4b-other'}
      />
    );
  }
  const choiceKey = CHOICE_KEYS[step];
  if (choiceKey) {
    const shown = reveals(answers);
    return (
      <ChoiceQuestion
        ref={ref}
        name={choiceKey}
        text={text}
        options={choices()[choiceKey]}
        value={answers[choiceKey]}
        onChange={(value) => update({ [choiceKey]: value })}
        error={errors[choiceKey]}
        shake={shake}
      >
        {step === '5b' && shown.email && (
          <EmailField
            value={answers['answer5b-email'] ?? ''}
            onChange={(value) => update({ 'answer5b-email': value })}
            error={errors['answer5b-email']}
            shake={shake}
          />
        )}
        {step === '6' && shown.attachment && <AttachmentField file={file} onChange={setFile} />}
      </ChoiceQuestion>
    );
  }
  if (step === '7') {
    return (
      <AgeQuestion ref={ref} text={text} value={answers.age ?? ''} onChange={(age) => update({ age })} error={errors.age} shake={shake} />
    );
  }
  return (
    <>
      <GenderQuestion
        ref={ref}
        text={text}
        options={choices().gender}
        gender={answers.gender ?? ''}
        consent={answers.termsConsent === true}
        onGender={(gender) => update({ gender })}
        onConsent={(termsConsent) => update({ termsConsent })}
        errors={errors}
        shake={shake}
      />
      <HoneypotField />
    </>
  );
});
