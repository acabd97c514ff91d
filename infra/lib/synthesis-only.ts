import { CfnParameter, CfnRule, Fn, type Stack } from 'aws-cdk-lib';

/**
 * Makes a stack of a synthesis-only environment undeployable (config.ts `synthesisOnly`: the
 * `test` environment, whose addresses are placeholders): its template declares the parameter
 * `EnvironmentPurpose` (default `synthesis-only`) and a rule that CloudFormation checks before it
 * creates the change set, whatever command deploys it, so nothing of the stack is touched.
 */
export const refuseDeployment = (stack: Stack, environmentName: string): void => {
  const purpose = new CfnParameter(stack, 'EnvironmentPurpose', {
    type: 'String',
    default: 'synthesis-only',
    description: `What environment "${environmentName}" is for: it is not deployable.`,
  });
  new CfnRule(stack, 'SynthesisOnly', {
    assertions: [
      {
        assert: Fn.conditionEquals(purpose.valueAsString, 'deployable'),
        assertDescription:
          `Environment "${environmentName}" is synthesisOnly (tests, npm run synth): its ` +
          'addresses are placeholders. Deploy a real environment (e.g. -c env=sit with its real ' +
          'addresses); infra/README.md says how.',
      },
    ],
  });
};
