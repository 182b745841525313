/**
 * The words of "how do I use the portal" questions in English, French, Spanish and Portuguese,
 * mapped onto one English term each, so a question in any of the four finds the English guide.
 * Words are compared lower-cased and without accents. A question must name at least one of these
 * portal terms to be answered from the guide: "what is our passenger growth?" names none.
 */
const TERMS: Record<string, readonly string[]> = {
  credit: ['credit', 'credits', 'creditos', 'credito', 'solde', 'saldo', 'balance'],
  request: ['request', 'demander', 'demande', 'pedir', 'solicitar', 'solicitud', 'solicitacao', 'requisitar', 'ask', 'peco', 'pido'],
  more: ['more', 'plus', 'mas', 'mais', 'additional', 'supplementaire', 'adicional', 'adicionais', 'get', 'obtenir', 'obtener', 'obter'],
  translate: [
    'translate',
    'translation',
    'translator',
    'traduire',
    'traduction',
    'traducteur',
    'traducir',
    'traduccion',
    'traductor',
    'traduzir',
    'traducao',
    'tradutor',
    'traduzo',
    'traduzco',
    'traduis',
  ],
  upload: [
    'upload',
    'uploading',
    'televerser',
    'telecharger',
    'deposer',
    'charger',
    'subir',
    'subo',
    'sube',
    'cargar',
    'cargo',
    'carregar',
    'carrego',
    'enviar',
    'envio',
    'envoyer',
    'drop',
    'load',
  ],
  file: [
    'file',
    'files',
    'fichier',
    'fichiers',
    'archivo',
    'archivos',
    'arquivo',
    'arquivos',
    'ficheiro',
    'document',
    'documents',
    'documento',
    'documentos',
  ],
  data: ['data', 'donnees', 'datos', 'dados'],
  lineage: ['lineage', 'lignage', 'lignee', 'linaje', 'linhagem', 'provenance', 'origine', 'origen', 'origem'],
  kpi: ['kpi', 'kpis', 'indicateur', 'indicateurs', 'indicador', 'indicadores'],
  quality: ['quality', 'qualite', 'calidad', 'qualidade', 'check', 'checks', 'controle', 'controles', 'control', 'verificacao'],
  referential: ['referential', 'referentiel', 'referencial', 'reference', 'referencia', 'mapping'],
  ingestion: ['ingestion', 'ingesta', 'ingestao'],
  governance: ['governance', 'gouvernance', 'gobernanza', 'governanca', 'gobierno'],
  overview: ['overview', 'apercu', 'synthese', 'resumen', 'visao', 'panorama'],
  chat: ['chat', 'securedgpt', 'conversation', 'conversacion', 'conversa', 'assistant', 'asistente', 'assistente'],
  model: ['model', 'models', 'modele', 'modeles', 'modelo', 'modelos', 'gpt', 'mistral', 'gemini', 'llm'],
  multidocs: ['multidocs', 'multi', 'docs', 'audio', 'video', 'link', 'lien', 'enlace', 'pdf'],
  signin: [
    'login',
    'signin',
    'sign',
    'log',
    'connecter',
    'connexion',
    'conectar',
    'iniciar',
    'sesion',
    'entrar',
    'password',
    'passe',
    'contrasena',
    'senha',
    'identifier',
  ],
  signout: ['logout', 'deconnecter', 'deconnexion', 'desconectar', 'cerrar', 'sair', 'salir'],
  theme: ['theme', 'tema', 'dark', 'sombre', 'oscuro', 'escuro', 'light', 'clair', 'claro'],
  dashboard: ['dashboard', 'dashboards', 'tableau', 'tableaux', 'painel', 'paineis', 'tablero'],
  tab: ['tab', 'tabs', 'onglet', 'onglets', 'pestana', 'aba', 'abas', 'menu', 'sidebar'],
  admin: ['admin', 'administrator', 'administrateur', 'administrador', 'administration'],
  access: [
    'access',
    'acces',
    'acceso',
    'acesso',
    'permission',
    'permissions',
    'permiso',
    'permissao',
    'right',
    'rights',
    'droit',
    'droits',
    'derecho',
    'derechos',
    'direito',
    'direitos',
  ],
  screenshot: ['screenshot', 'screenshots', 'capture', 'captura', 'pptx', 'powerpoint'],
  notification: ['notification', 'notifications', 'notificacion', 'notificacao'],
  policy: ['policy', 'politique', 'politica', 'charte', 'accept', 'accepter', 'aceptar', 'aceitar'],
  history: ['history', 'historique', 'historial', 'historico', 'saved', 'enregistrer', 'guardar', 'salvar'],
  export: ['export', 'exporter', 'exportar', 'csv', 'png'],
  maintenance: ['maintenance', 'mantenimiento', 'manutencao', 'down', 'panne'],
  question: ['question', 'questions', 'pregunta', 'preguntas', 'pergunta', 'perguntas'],
  language: ['language', 'languages', 'langue', 'langues', 'idioma', 'idiomas', 'lingua', 'linguas'],
  settings: [
    'settings',
    'setting',
    'parametres',
    'parametre',
    'reglages',
    'configuracion',
    'configuracoes',
    'ajustes',
    'context',
    'contexte',
    'contexto',
  ],
  talk: ['talk', 'analytics', 'analytique', 'analitica'],
};

/** Words that carry no meaning for the search, in the four languages. */
const STOP = new Set(
  (
    'a an the and or of to in on for with by at from is are be do does did i me my we our you your it this that how what where when which who can could ' +
    'le la les un une des de du et ou en au aux pour par avec sur dans je j mon ma mes nous vous est sont comment quoi ou quand quel quelle qui puis peut ' +
    'el los las una unos y o del al para por con en que como donde cuando cual quien mi mis yo puedo se es son ' +
    'o os as um uma e do da dos das no na nos nas em ao para por com que como onde quando qual quem meu minha eu posso vejo ver veo voir'
  ).split(' '),
);

const TERM_OF = new Map<string, string>(Object.entries(TERMS).flatMap(([term, words]) => words.map((w) => [w, term] as const)));
export const PORTAL_TERMS: ReadonlySet<string> = new Set(Object.keys(TERMS));

/** Lower case without accents, split into words. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 || w === 'a');
}

/** Words that ask how to do something, in the four languages: "how", "where", "can I", "help". */
const HOW_TO = new Set(
  'how where why help comment ou pourquoi aide puis peux como donde por porque ayuda puedo onde ajuda posso'.split(' '),
);

/** Whether a question asks how or where to do something (not only what something is). */
export const asksHowTo = (text: string): boolean => words(text).some((w) => HOW_TO.has(w));

/** A crude English stem, enough for "uploads"/"uploaded"/"uploading" to meet. */
function stem(word: string): string {
  return word.replace(/(ing|ed|es|s)$/, '').slice(0, 12) || word;
}

/** The search terms of a text: portal terms where a word is one, stemmed words otherwise. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (STOP.has(word)) continue;
    const stemmed = stem(word);
    out.push(TERM_OF.get(word) ?? TERM_OF.get(word.replace(/s$/, '')) ?? TERM_OF.get(stemmed) ?? stemmed);
  }
  return out;
}
