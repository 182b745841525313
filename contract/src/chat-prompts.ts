// Suggested prompts of the secured chat assistant (spec portal.md section 3, "Suggested prompts").
// Category names are spelled exactly as the spec spells them.
// Placeholders in square brackets are meant to be replaced by the user before sending.

export interface SuggestedPrompt {
  name: string;
  definition: string;
  prompt_template: string;
}

export const PROMPT_CATEGORIES = [
  'Communication',
  'Day to day',
  'Finance',
  'Human ressources',
  'IT/Software Developpment',
  'Procurement',
  'Training',
] as const;

export type PromptCategory = (typeof PROMPT_CATEGORIES)[number];

export const SUGGESTED_PROMPTS: Record<PromptCategory, SuggestedPrompt[]> = {
  Communication: [
    {
      name: 'Press release for a new route',
      definition: 'Drafts a factual press release announcing a new air route from our airport.',
      prompt_template: `Write a press release announcing a new route from our airport.

Details:
- Route (city pair): [route: city pair]
- Airline: [airline name]
- Start date and weekly frequency: [start date, flights per week]
- Aircraft type and seats: [aircraft type, seats per flight]
- Key facts to highlight (tourism, business, connections): [key facts]
- Quote from our airport's spokesperson: [name, role, key message or "draft one"]

Output format:
1. Headline (max 12 words)
2. Sub-headline (one sentence)
3. Body: 3 to 4 short paragraphs, most important information first
4. Quote, clearly attributed
5. "About the airport" boilerplate placeholder
6. Media contact placeholder

Tone: factual and professional, no superlatives. Do not invent figures that are not given above.`,
    },
    {
      name: 'Passenger disruption notice',
      definition: 'Writes a clear, calm notice informing passengers about an operational disruption and what they should do.',
      prompt_template: `Write a passenger-facing notice about a disruption at our airport.

Situation:
- What is happening: [e.g. runway closure, strike, weather, IT outage, security alert]
- Affected area or flights: [terminal, flights, airlines, car parks]
- Expected duration: [start time, expected end time or "unknown"]
- What passengers should do: [actions: contact airline, arrive earlier, use alternative transport...]
- Where to find updates: [website, app, social media, information desks]

Output:
1. A version for the website (max 150 words)
2. A version for social media (max 280 characters)
3. A version for terminal screens and PA announcements (max 40 words)

Rules: plain language, short sentences, no technical jargon, no speculation about causes, empathetic but not apologetic beyond what is confirmed.`,
    },
    {
      name: 'Internal announcement',
      definition: 'Turns key information into a concise internal announcement for employees of the airport or the group.',
      prompt_template: `Write an internal announcement for employees.

- Audience: [e.g. all staff at our airport, head office, a business unit, a specific department]
- Topic: [what is being announced]
- Key information: [paste the facts, dates, names]
- What employees need to do, if anything: [actions and deadlines]
- Contact for questions: [name or team]
- Sender: [name and role]

Output: a subject line, then a message of max 200 words structured as: context (1 to 2 sentences), what changes, what it means for employees, next steps, contact. Professional and direct tone.`,
    },
    {
      name: 'Adapt a message for several audiences',
      definition: 'Rewrites one message into tailored versions for different audiences such as passengers, airlines and staff.',
      prompt_template: `Here is a message: [paste the original message]

Rewrite it for each of the following audiences: [e.g. passengers, airline partners, ground-handling staff, retail concessionaires, local authorities].

For each audience, provide:
- The adapted message (max 120 words)
- The most suitable channel (email, website, briefing, screen, letter)
- One sentence explaining what you changed and why

Keep the facts identical across versions; change only emphasis, vocabulary and level of detail.`,
    },
    {
      name: 'Q&A preparation for the media',
      definition: 'Anticipates difficult journalist questions on a topic and drafts factual answers.',
      prompt_template: `I need to prepare for media questions about: [topic, e.g. queue times at security, noise, a new car park tariff, traffic results].

Confirmed facts I can share: [paste facts and figures]
Information that must not be disclosed: [confidential points]

Produce:
1. The 8 most likely questions, including the difficult ones
2. For each, a short answer (2 to 3 sentences) based only on the confirmed facts
3. Three key messages to repeat throughout the interview
4. Points where I should say "I will come back to you" rather than answer

Table format for questions and answers.`,
    },
  ],
  'Day to day': [
    {
      name: 'Meeting notes to action list',
      definition: 'Summarises raw meeting notes into decisions, actions with owners and deadlines, and open points.',
      prompt_template: `Summarise the following meeting notes.

Meeting: [meeting title and date]
Notes: [paste the meeting notes here]

Output format:
1. Summary (max 5 bullet points)
2. Decisions taken
3. Action table with columns: Action | Owner | Deadline | Status
4. Open questions and risks

If an owner or deadline is not stated in the notes, write "to be confirmed" rather than guessing.`,
    },
    {
      name: 'Clear email reply',
      definition: 'Drafts a clear, well-structured reply to an email you received.',
      prompt_template: `Help me reply to this email.

Email received: [paste the email here]
My position and key points to make: [what I want to say, agree, refuse or ask]
Recipient relationship: [e.g. colleague, manager, airline partner, supplier, authority]
Tone: [formal / neutral / friendly]
Language: [language of the reply]

Output: a subject line (if a new one is useful) and a reply of max 180 words that answers every question raised, states next steps clearly and ends with a specific request or closing.`,
    },
    {
      name: 'Bullet points to one-page brief',
      definition: 'Turns loose bullet points into a structured one-page brief for a decision maker.',
      prompt_template: `Turn these bullet points into a one-page brief for [audience, e.g. the airport director, the executive committee].

Bullet points: [paste your bullet points here]
Purpose of the brief: [inform / ask for a decision / ask for budget]

Structure:
1. Title
2. Context (2 to 3 sentences)
3. Key facts and figures
4. Options considered, with pros and cons
5. Recommendation
6. Next steps and decision needed, with dates

Max 400 words. Do not add facts that are not in my bullet points; flag any missing information at the end.`,
    },
    {
      name: 'Summarise a long document',
      definition: 'Produces a structured summary of a long document with the points that matter for your role.',
      prompt_template: `Summarise the following document for someone working in [my role or department].

Document: [paste the text here, or attach the file]

Output:
1. Summary in 5 bullet points
2. What this means for [my role or department]
3. Figures, dates and deadlines mentioned (table)
4. Questions or points that need clarification

Quote the document when a precise wording matters.`,
    },
    {
      name: 'Improve and proofread a text',
      definition: 'Corrects and improves the clarity of a text while keeping its meaning.',
      prompt_template: `Proofread and improve the following text.

Text: [paste your text here]
Target reader: [who will read it]
Constraints: [e.g. keep under 300 words, keep British English, keep the technical terms]

Output:
1. The corrected text
2. A list of the main changes (grammar, clarity, structure) with a short reason for each

Keep my meaning and my key terms; do not add new content.`,
    },
    {
      name: 'Prepare a meeting agenda',
      definition: 'Builds a timed meeting agenda with objectives and expected outcomes.',
      prompt_template: `Prepare an agenda for a meeting.

- Purpose: [what the meeting must achieve]
- Participants: [roles or teams]
- Duration: [e.g. 60 minutes]
- Topics to cover: [list of topics]
- Documents to read beforehand: [documents or "none"]

Output: a table with columns Time | Topic | Lead | Expected outcome (inform / discuss / decide), followed by the meeting objective in one sentence and a short invitation text to send to participants.`,
    },
  ],
  Finance: [
    {
      name: 'Explain a budget vs actual variance',
      definition: 'Analyses the gap between budget and actual figures and drafts a clear explanation for management.',
      prompt_template: `Help me explain a variance between budget and actual.

- Scope: [e.g. our airport, a business unit, a cost centre, a revenue line such as car parks or retail concessions]
- Period: [month / quarter / year to date]
- Figures: [paste budget, actual and, if available, last year, by line]
- Known drivers: [e.g. passenger traffic, movements, airline mix, energy prices, staffing, one-off items]

Output:
1. Variance table: Line | Budget | Actual | Variance | Variance % | Favourable/Unfavourable
2. Main drivers, split between volume effect, price/rate effect and one-off items where possible
3. A management commentary of max 150 words
4. Questions I should ask the business to confirm the explanation

Show your calculations. Do not invent drivers that are not supported by the data; flag assumptions clearly.`,
    },
    {
      name: 'CAPEX justification',
      definition: 'Drafts a structured business case to justify a capital expenditure request.',
      prompt_template: `Draft a CAPEX justification.

- Project: [e.g. new baggage screening equipment, car park extension, terminal refurbishment, IT system]
- Amount requested: [amount and currency]
- Problem or need: [current situation, capacity, compliance or safety issue]
- Expected benefits: [revenue, savings, capacity, passenger experience, regulatory compliance]
- Key figures available: [costs, savings, traffic forecast, useful life]
- Alternatives considered: [options, including doing nothing]
- Timeline: [key dates]

Structure:
1. Executive summary (max 5 lines)
2. Need and context
3. Options analysis (table)
4. Financial analysis: investment, operating cost impact, payback and NPV if the data allows (show assumptions)
5. Risks and mitigations
6. Recommendation and decision requested

Flag any figure that is an assumption rather than given data.`,
    },
    {
      name: 'Summarise a supplier invoice dispute',
      definition: 'Summarises an invoice dispute with a supplier into facts, positions, amounts at stake and options.',
      prompt_template: `Summarise the following supplier invoice dispute.

- Supplier and contract: [supplier category, contract reference]
- Invoice(s) in dispute: [invoice numbers, dates, amounts]
- Exchange history: [paste the emails or notes here]
- Relevant contract clauses: [paste clauses on prices, service levels, penalties, payment terms]

Output:
1. Timeline of events (table: Date | Event | Source)
2. Supplier position vs our position
3. Amount undisputed, amount disputed, penalties possibly applicable
4. Options for resolution, with pros and cons
5. Recommended next step and a draft of a short, neutral email to the supplier`,
    },
    {
      name: 'Comment on monthly KPIs',
      definition: 'Writes a concise commentary on monthly financial and traffic KPIs for a management report.',
      prompt_template: `Write the commentary for our monthly management report.

KPIs (current month, same month last year, budget): [paste the table: e.g. passengers, movements, aeronautical revenue, non-aeronautical revenue, revenue per passenger, operating costs, EBITDA]
Known events during the month: [e.g. new routes, holidays, strikes, weather, works]

Output:
1. Three key messages (one sentence each)
2. Commentary of max 250 words, by theme: traffic, revenue, costs, outlook
3. A list of figures that look inconsistent or need checking

Use only the data provided and express changes in both absolute values and percentages.`,
    },
    {
      name: 'Explain a financial concept',
      definition: 'Explains a finance or accounting concept simply, with an airport example.',
      prompt_template: `Explain [financial concept, e.g. EBITDA, accruals, depreciation, WACC, IFRS 16 leases, regulated airport charges] to someone who works in [my department] without a finance background.

Output:
1. A definition in 2 sentences
2. A concrete example in an airport context, with simple figures
3. Why it matters for decisions in my department
4. Common mistakes or misunderstandings

Max 300 words.`,
    },
  ],
  'Human ressources': [
    {
      name: 'Job description for a ground-operations role',
      definition: 'Writes a complete, inclusive job description for an operational role at the airport.',
      prompt_template: `Write a job description.

- Job title: [e.g. ramp agent, terminal duty manager, airside operations officer, PRM assistance agent]
- Department and reporting line: [department, manager's role]
- Location and working pattern: [airport, shifts, nights, weekends]
- Main responsibilities: [list]
- Required qualifications, licences and certifications: [e.g. airside driving permit, security clearance, languages]
- Experience level: [junior / confirmed / senior]
- Employment conditions to mention: [contract type, benefits, or "leave as placeholders"]

Structure: About the role, Key responsibilities (6 to 8 bullets), Required profile, Nice to have, Working conditions, How to apply.
Use gender-neutral, inclusive language and avoid requirements that are not genuinely needed for the job.`,
    },
    {
      name: 'Structured interview questions',
      definition: 'Prepares competency-based interview questions with an evaluation grid.',
      prompt_template: `Prepare a structured interview for the following role.

Role: [job title]
Job description or key requirements: [paste here]
Competencies to assess: [e.g. safety awareness, customer orientation, teamwork under pressure, planning, leadership]
Interview length: [e.g. 45 minutes]

Output:
1. For each competency, 2 behavioural questions (situation-based, "Tell me about a time...") with follow-up probes
2. An evaluation grid: Competency | What a strong answer shows | What a weak answer shows | Score 1 to 4
3. 2 questions to assess motivation for working in an airport environment
4. A reminder list of questions that must not be asked (discriminatory or private topics)`,
    },
    {
      name: 'Onboarding plan',
      definition: 'Builds a week-by-week onboarding plan for a new employee.',
      prompt_template: `Create an onboarding plan for a new employee.

- Role: [job title and department]
- Start date: [date]
- Site: [our airport / head office]
- Mandatory steps: [e.g. badge and security background check, airside safety training, IT accounts, HR paperwork]
- Key people to meet: [roles]
- What they should be able to do after 3 months: [objectives]

Output:
1. Checklist before day 1 (manager, HR, IT, security)
2. Week-by-week plan for the first 4 weeks (table: Week | Activities | Who | Expected outcome)
3. Objectives and check-in points at 30, 60 and 90 days
4. A short welcome email from the manager`,
    },
    {
      name: 'Prepare an annual review',
      definition: 'Helps a manager prepare a fair and specific annual performance review.',
      prompt_template: `Help me prepare an annual review for a member of my team.

- Role: [job title]
- Objectives set for the year: [list]
- Results and examples observed: [facts, figures, situations]
- Strengths: [observations]
- Areas for improvement: [observations]
- Development wishes expressed: [training, mobility, responsibilities]

Output:
1. Summary assessment per objective (table: Objective | Result | Comment)
2. Feedback wording for strengths and for areas for improvement, specific and behaviour-based
3. 3 proposed objectives for next year in SMART format
4. Suggested development actions

Keep a neutral, factual tone; avoid judgements about personality.`,
    },
    {
      name: 'Explain an HR policy to employees',
      definition: 'Rewrites an HR policy or procedure into a clear explanation with a short FAQ for employees.',
      prompt_template: `Explain the following HR policy to employees in simple terms.

Policy text: [paste the policy here]
Audience: [e.g. shift workers at our airport, head office staff, managers]

Output:
1. What the policy is about (max 3 sentences)
2. What employees must do, step by step
3. An FAQ of 6 questions and answers
4. Who to contact

Do not change the meaning of the policy; point out any passage that is ambiguous.`,
    },
  ],
  'IT/Software Developpment': [
    {
      name: 'Explain an error message',
      definition: 'Explains an error message or stack trace, its likely causes and how to fix it.',
      prompt_template: `Explain this error and help me fix it.

Error message or stack trace: [paste the error here]
Context: [language, framework, versions, what I was doing when it happened]
Relevant code: [paste the code, or "not available"]

Output:
1. What the error means, in plain language
2. The most likely causes, ranked
3. How to check each cause (commands or steps)
4. The fix, with corrected code where applicable

Do not include any password, token or personal data in your answer, and tell me if my paste contains any.`,
    },
    {
      name: 'Review a SQL query',
      definition: 'Reviews a SQL query for correctness, performance and readability and proposes an improved version.',
      prompt_template: `Review the following SQL query.

Database: [e.g. PostgreSQL, SQL Server, BigQuery, Snowflake]
Query: [paste the query here]
Purpose: [what the query should return, e.g. monthly passengers per airline and airport]
Table structures and volumes: [paste column definitions, approximate row counts]

Output:
1. Correctness issues (wrong joins, duplicates, NULL handling, filters, time zones)
2. Performance issues and index suggestions
3. Readability improvements
4. The rewritten query, commented
5. A test query to check that the old and new versions return the same results`,
    },
    {
      name: 'Python function with tests',
      definition: 'Writes a documented Python function together with unit tests.',
      prompt_template: `Write a Python function.

- What it must do: [description, e.g. parse a flight schedule file and compute weekly seat capacity per airline]
- Inputs: [types, formats, example]
- Expected output: [type, format, example]
- Edge cases to handle: [e.g. empty input, missing values, time zones, invalid codes]
- Constraints: [Python version, allowed libraries]

Output:
1. The function with type hints and a docstring
2. pytest unit tests covering normal cases and edge cases
3. A short explanation of design choices and limitations`,
    },
    {
      name: 'Document an API',
      definition: 'Produces clear reference documentation for an API endpoint from its code or specification.',
      prompt_template: `Write documentation for the following API.

Code or specification: [paste the route handler, OpenAPI fragment or example requests here]
Intended readers: [e.g. internal developers, BI team, external partner]

For each endpoint, provide:
- Method and path
- Purpose (one sentence)
- Authentication and required permissions
- Parameters and request body (table: Name | Type | Required | Description)
- Responses with status codes and example JSON
- Errors and how to handle them

Finish with a short "Getting started" example using curl. Only document behaviour that is visible in the code provided; list open questions separately.`,
    },
    {
      name: 'Explain or refactor code',
      definition: 'Explains what a piece of code does and proposes a cleaner, safer version.',
      prompt_template: `Explain and refactor the following code.

Language: [language and version]
Code: [paste the code here]
Goal of the refactoring: [e.g. readability, performance, testability, removing duplication]

Output:
1. What the code does, step by step
2. Problems found (bugs, security issues, maintainability)
3. The refactored code
4. What changed and why (bullet list)

Keep the external behaviour identical unless I ask otherwise.`,
    },
    {
      name: 'Write a regular expression',
      definition: 'Builds and explains a regular expression, with matching and non-matching examples.',
      prompt_template: `Write a regular expression.

Language or tool: [e.g. Python, JavaScript, SQL, Excel]
What it must match: [description, e.g. IATA flight numbers like "AB1234" or ICAO airport codes]
Examples that must match: [list]
Examples that must not match: [list]

Output:
1. The regular expression
2. A part-by-part explanation
3. A table of test strings with the expected result (match / no match)
4. A usage example in the chosen language`,
    },
  ],
  Procurement: [
    {
      name: 'Compare supplier offers',
      definition: 'Compares supplier offers against defined criteria and produces a scored comparison.',
      prompt_template: `Compare the following supplier offers.

Purchase: [what is being bought, e.g. cleaning services for the terminal, de-icing fluid, IT licences]
Offers: [paste or summarise each offer: supplier, price, scope, service levels, duration, conditions]
Evaluation criteria and weights: [e.g. price 40%, technical quality 30%, service levels 20%, sustainability 10%]

Output:
1. Comparison table: Criterion | Supplier A | Supplier B | Supplier C
2. Weighted score per supplier, with the calculation shown
3. Gaps, exclusions and hidden costs in each offer
4. Clarification questions to send to each supplier
5. A recommendation with its main risks

Base the comparison only on the offers provided; flag where information is missing.`,
    },
    {
      name: 'Draft a tender scope',
      definition: 'Drafts the scope of work and requirements section of a tender document.',
      prompt_template: `Draft the scope of work for a tender.

- Subject: [e.g. maintenance of passenger boarding bridges, car park management system, PRM assistance service]
- Site(s): [our airport, terminals, airside/landside]
- Current situation: [volumes, existing equipment or service, pain points]
- Required service levels: [availability, response times, operating hours]
- Regulatory and safety requirements: [e.g. airside access, security screening of staff, environmental rules]
- Contract duration and options: [duration, renewals]

Structure:
1. Background and objectives
2. Scope (included / excluded)
3. Functional and technical requirements (numbered, each marked mandatory or desirable)
4. Service levels and KPIs, with penalties placeholders
5. Reporting and governance
6. Information suppliers must provide in their response

Write requirements that are measurable and verifiable.`,
    },
    {
      name: 'Negotiation preparation',
      definition: 'Prepares a negotiation with a supplier: objectives, arguments, concessions and walk-away point.',
      prompt_template: `Help me prepare a negotiation with a supplier.

- Supplier and subject: [supplier category, contract or purchase]
- Current terms: [price, duration, service levels, payment terms]
- Our objectives: [e.g. price reduction, better service levels, longer warranty]
- Our constraints: [budget, timing, operational dependency on this supplier]
- What we know about the supplier's situation: [market, alternatives, relationship history]

Output:
1. Target, acceptable and walk-away positions for each negotiable item (table)
2. Our arguments, with supporting facts
3. Likely supplier arguments and responses to each
4. Concessions we can offer, ranked by cost to us vs value to them
5. An opening statement and a meeting plan`,
    },
    {
      name: 'Supplier risk assessment',
      definition: 'Assesses the risks linked to a supplier and proposes mitigation measures.',
      prompt_template: `Assess the risks of working with this supplier.

- Supplier category and service: [what they supply]
- Criticality for airport operations: [e.g. critical to safety or continuity, important, low]
- Information available: [financial data, references, certifications, incidents, location, subcontractors]

Output:
1. Risk table: Risk | Category (financial, operational, compliance, cyber, reputational, ESG) | Likelihood (low/medium/high) | Impact (low/medium/high) | Mitigation
2. Questions to ask the supplier or documents to request
3. Contract clauses to consider
4. An overall assessment in 3 sentences`,
    },
    {
      name: 'Supplier email for clarification',
      definition: 'Drafts a precise email asking a supplier to clarify or complete an offer.',
      prompt_template: `Draft an email to a supplier asking for clarifications on their offer.

Tender or request reference: [reference]
Points to clarify: [list of gaps, ambiguities or missing documents]
Deadline for their answer: [date]
Rules to respect: [e.g. same questions sent to all bidders, no price negotiation at this stage]

Output: a subject line and an email of max 200 words with numbered questions, a clear deadline and a neutral, professional tone.`,
    },
  ],
  Training: [
    {
      name: 'Quiz from a procedure',
      definition: 'Creates a quiz with answers and explanations from an operational procedure.',
      prompt_template: `Create a quiz from the following procedure.

Procedure: [paste the procedure here]
Audience: [e.g. new terminal agents, airside drivers, duty managers]
Number of questions: [e.g. 10]
Question types: [multiple choice / true or false / short scenario]

Output:
1. The questions, numbered, with 4 options for multiple choice
2. An answer key with a one-sentence explanation referencing the relevant step of the procedure
3. At least 2 scenario questions that test how to apply the procedure, not only recall

Use only content from the procedure provided.`,
    },
    {
      name: 'Explain a regulation simply',
      definition: 'Explains an aviation regulation or standard in plain language for operational staff.',
      prompt_template: `Explain the following regulation or standard in plain language.

Regulation or text: [e.g. an EASA aerodrome requirement, an ICAO Annex 14 standard, a security rule, GDPR; paste the text if possible]
Audience: [e.g. operations staff, new managers, non-specialists]
Our context: [e.g. our airport's size, type of traffic, activity concerned]

Output:
1. What the rule requires, in 5 bullet points max
2. Why it exists (the safety, security or legal objective)
3. What it means in practice for the audience, with an airport example
4. Common misunderstandings
5. Key terms explained (glossary)

If you are not sure of the exact wording or current version of the regulation, say so and recommend checking the official source.`,
    },
    {
      name: 'Create a training plan',
      definition: 'Designs a structured training plan with modules, durations and assessment methods.',
      prompt_template: `Create a training plan.

- Topic: [e.g. customer service in the terminal, airside safety awareness, Excel for finance, data literacy]
- Audience and current level: [who, how many, beginner/intermediate/advanced]
- Objectives: [what participants must be able to do afterwards]
- Constraints: [total duration, shift patterns, on-site or remote, budget]

Output:
1. Learning objectives (measurable)
2. Module table: Module | Content | Duration | Format (classroom, e-learning, on-the-job) | Trainer profile
3. Assessment method for each objective
4. Schedule proposal that fits the constraints
5. How to measure effectiveness after the training`,
    },
    {
      name: 'Training material from a document',
      definition: 'Turns a document into a short training session outline with slides content and key takeaways.',
      prompt_template: `Turn the following document into training material.

Document: [paste the text here, or attach the file]
Audience: [who will attend]
Session length: [e.g. 30 minutes]

Output:
1. Session outline with timing
2. Content for 8 to 12 slides: title and 3 to 5 bullet points each, plus speaker notes
3. One practical exercise or case study with its solution
4. 5 key takeaways to hand out

Keep the vocabulary used in the document for technical terms.`,
    },
    {
      name: 'Explain a concept with examples',
      definition: 'Explains a technical or business concept step by step, adapted to your level, with examples.',
      prompt_template: `Explain [concept, e.g. slot coordination, airport capacity declaration, minimum connecting time, machine learning, a pivot table] to me.

My role: [my role]
My current level: [beginner / intermediate / advanced]

Output:
1. A simple definition
2. An analogy
3. A step-by-step explanation
4. Two examples in an airport context
5. Three questions to check my understanding, with answers at the end`,
    },
  ],
};

/** Four starters shown in the chat's empty state, one per category. */
export const PROMPT_NAMES_FOR_EMPTY_STATE: { category: PromptCategory; name: string }[] = [
  { category: 'Day to day', name: 'Meeting notes to action list' },
  { category: 'Communication', name: 'Passenger disruption notice' },
  { category: 'Finance', name: 'Explain a budget vs actual variance' },
  { category: 'IT/Software Developpment', name: 'Explain an error message' },
];
