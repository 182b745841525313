import { describe, expect, it } from 'vitest';
import { createGuideIndex, guideAnswer, loadUserGuide, parseGuide } from './guide.ts';

// The real guide (docs/user-guide.md), as the server loads it at start-up.
const guide = loadUserGuide();
const best = (question: string) => guide.search(question)[0]?.section.title ?? null;

describe('the user guide for the offline assistant', () => {
  it.each([
    ['how do I ask for more credits?', 'GenAI credits › Asking for more credits'],
    ['comment demander plus de crédits ?', 'GenAI credits › Asking for more credits'],
    ['¿cómo pido más créditos?', 'GenAI credits › Asking for more credits'],
    ['como peço mais créditos?', 'GenAI credits › Asking for more credits'],
    ['comment traduire un document ?', 'The document translator › Translating a document'],
    ['how do I translate a pdf', 'The document translator › Translating a document'],
    ['como traduzir um documento?', 'The document translator › Translating a document'],
    ['¿cómo subo un archivo de datos?', 'Data governance › Uploading a data file (ingestion)'],
    ['como carrego um arquivo de dados?', 'Data governance › Uploading a data file (ingestion)'],
    ['como vejo a linhagem de um KPI?', 'Data governance › Finding where a KPI comes from (lineage)'],
    ["comment voir la lignée d'un indicateur ?", 'Data governance › Finding where a KPI comes from (lineage)'],
    ['¿cómo veo el linaje de un KPI?', 'Data governance › Finding where a KPI comes from (lineage)'],
    ['¿cómo cambio el idioma del chat?', 'The chat (SecuredGPT) › Chat settings, language and context'],
    ['how do I switch to dark mode?', 'Getting started › Light and dark theme'],
    ['who approves credit requests?', 'The admin area › Deciding a credit or access request'],
    ['How do I get access to an application', 'The home page, the sidebar and tabs › Getting access to an application'],
  ])('%s → %s', (question, section) => {
    expect(best(question)).toBe(section);
  });

  it.each([
    'What is our passenger growth?',
    'what is the weather in Paris?',
    'hi',
    'tell me a joke',
    'passengers by terminal in March 2026',
    'write a report about delays',
    'translate this sentence into French: good morning',
    'what model are you?',
    'give me the access code of the wifi',
  ])('has no section for %s (the notice answers it)', (question) => {
    expect(guide.search(question)).toEqual([]);
    expect(guideAnswer(guide, question)).toBeNull();
  });

  it("answers with the section's own text, says where it comes from and that it cost nothing", () => {
    const answer = guideAnswer(guide, 'comment traduire un document ?')!;
    expect(answer).toMatch(/^From the portal's user guide, \*\*The document translator › Translating a document\*\*:/);
    expect(answer).toContain('> Open the **Translator** tab (tab 3).');
    expect(answer).toContain('It cost no credits.');
  });

  it('splits chapters into sections and keeps a chapter’s own text as a section', () => {
    const sections = parseGuide('# Title\nintro\n## Credits\nAbout credits.\n### Asking\nPress Send request.\n### Empty\n## Chat\nType.');
    expect(sections).toEqual([
      { title: 'Credits', text: 'About credits.' },
      { title: 'Credits › Asking', text: 'Press Send request.' },
      { title: 'Chat', text: 'Type.' },
    ]);
    const index = createGuideIndex(sections);
    expect(index.search('how do I send a credit request')[0]!.section.title).toBe('Credits › Asking');
  });

  it('refuses to start without a guide, naming the file', () => {
    expect(() => loadUserGuide('/nonexistent/user-guide.md')).toThrow(/user guide could not be read at \/nonexistent\/user-guide.md/);
  });
});
