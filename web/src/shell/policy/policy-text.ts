export interface PolicySection {
  title: string;
  paragraphs: readonly string[];
}

export const POLICY_TITLE = 'Corporate usage policy for Hangar';

export const POLICY_INTRO =
  'Hangar gives employees of the group and its affiliated companies access to dashboards, data and generative AI tools. ' +
  'Please read this policy carefully: you must accept it before using the portal.';

export const POLICY_SECTIONS: readonly PolicySection[] = [
  {
    title: '1. Authorized business use only',
    paragraphs: [
      'Use Hangar only for work carried out for the group, within the scope of your role and of the applications granted to you. ' +
        'Personal, commercial or political use unrelated to your duties is not permitted.',
      'Access is personal. Do not share your account, your session or content you obtained through the portal with anyone who is not entitled to it, ' +
        'and do not try to reach applications or data you have not been granted.',
    ],
  },
  {
    title: '2. Confidentiality',
    paragraphs: [
      'Dashboards, reports, documents and answers produced in Hangar may contain confidential or personal data. ' +
        'Handle them according to the group information classification and data protection rules; do not copy them to personal devices or external services.',
      'The secured assistant and the translator keep your data inside the group. Never paste or upload confidential documents into external AI tools or public websites.',
    ],
  },
  {
    title: '3. Ethical use',
    paragraphs: [
      'Do not use the AI tools to produce discriminatory, offensive, misleading or unlawful content, to impersonate anyone, or to make decisions about individuals ' +
        'without appropriate human review. Respect intellectual property and the rights of passengers, partners and colleagues.',
    ],
  },
  {
    title: '4. Accuracy',
    paragraphs: [
      'Generative AI can be wrong, incomplete or out of date. Check important information against authoritative sources before relying on it, ' +
        'and remain responsible for any content or decision you take from it. Label AI-assisted content where it matters to its readers.',
    ],
  },
  {
    title: '5. Monitoring',
    paragraphs: [
      'To protect the group and its data, use of the portal is logged: sign-ins, applications opened, permission and credit changes and file access. ' +
        'Logs may be reviewed by authorised staff in line with applicable law and internal policies.',
    ],
  },
  {
    title: '6. Reporting',
    paragraphs: [
      'Report without delay any suspected security incident, data leak, misuse, or harmful or inaccurate output to your manager and to the platform team ' +
        '(use the "Report a bug" link in the sidebar for defects).',
    ],
  },
  {
    title: '7. Acknowledgment',
    paragraphs: [
      'By selecting Accept you confirm that you have read and understood this policy and agree to comply with it. ' +
        'Breaches may lead to the suspension of your access and to disciplinary measures. Access to applications requires permissions validated by the project founders.',
    ],
  },
];
