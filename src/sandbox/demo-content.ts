/** Text of the demo workspace: names, pages and dialogues that read like a real inbox. */

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Mateo',
  'Mia',
  'Lucas',
  'Amelia',
  'Ethan',
  'Harper',
  'Leo',
  'Chloe',
  'Daniel',
  'Zoe',
  'Artem',
  'Daria',
  'Maksim',
  'Polina',
  'Kirill',
  'Aisha',
  'Kenji',
  'Priya',
  'Tomás',
  'Ingrid',
  'Yusuf',
  'Elena',
  'Marco',
  'Hana',
  'Felix',
];
export const LAST_NAMES = [
  'Walker',
  'Novak',
  'Garcia',
  'Kim',
  'Ivanova',
  'Smirnov',
  'Brown',
  'Rossi',
  'Schmidt',
  'Okafor',
  'Lindqvist',
  'Haddad',
  'Kowalski',
  'Moreau',
  'Sato',
  'Patel',
  'Kuznetsova',
  'Silva',
  'Nguyen',
  'Evans',
];
export const CITIES = [
  'Berlin',
  'Moscow',
  'Lisbon',
  'Austin',
  'Warsaw',
  'Kazan',
  'Toronto',
  'Almaty',
  'Prague',
  'Dubai',
];

export interface DemoAppSpec {
  name: string;
  domain: string;
  admins: readonly string[];
  channels: readonly string[];
  pages: readonly (readonly [title: string, path: string])[];
  tags: readonly string[];
  /** Alternating visitor and admin lines, visitor first. */
  dialogues: readonly (readonly string[])[];
}

export const APPS: readonly DemoAppSpec[] = [
  {
    name: 'Lumen Store',
    domain: 'lumen.example',
    admins: ['Anna Petrova', 'Mark Ellis', 'Sofia Reyes', 'Ivan Sokolov'],
    channels: ['Sales', 'Support', 'Returns'],
    pages: [
      ['Desk lamp Aurora — Lumen Store', '/lamps/aurora'],
      ['Checkout — Lumen Store', '/checkout'],
      ['Delivery and payment', '/help/delivery'],
      ['Floor lamps', '/catalog/floor'],
      ['Order status', '/account/orders'],
    ],
    tags: ['vip', 'delivery', 'refund', 'wholesale', 'feedback'],
    dialogues: [
      [
        'Hi! Is the Aurora desk lamp available in white?',
        'Hello! Yes, the white Aurora is in stock in our Berlin warehouse.',
        'Great, how fast can you ship to Prague?',
        'Usually 2–3 working days with DHL.',
      ],
      [
        'My order #48213 still says "processing" after four days',
        'Sorry about the wait! Let me check with the warehouse.',
        'Thanks. I need it before Friday.',
      ],
      [
        'Can I return a lamp if the colour does not match my room?',
        'Of course: you have 30 days to return it, free of charge.',
      ],
      [
        'Do you offer wholesale prices for a hotel project? We need ~120 lamps',
        'We do. Could you share the models you are interested in?',
        'Mostly the Pendant Mini and the Aurora floor version.',
      ],
      [
        'The bulb in my lamp flickers. Is this covered by warranty?',
        'It is. Could you send us a short video of the flicker?',
      ],
      [
        'Is there a discount code for first orders?',
        'Yes — WELCOME10 gives you 10% off your first order.',
        'Applied it, thank you!',
      ],
      [
        'I was charged twice for the same order',
        'I can see two authorisations; the second will be released by your bank within 3 days.',
        'Ok, but can you confirm by email?',
      ],
      ['Do you ship to Kazakhstan?', 'We ship to Almaty and Astana, delivery takes 5–7 days.'],
      ['Hello, the courier left my parcel at the wrong address 😕'],
      ['Can I change the delivery address of order #51877?'],
    ],
  },
  {
    name: 'Northwind Cloud',
    domain: 'northwind.example',
    admins: ['Lena Fischer', 'Omar Haddad', 'Yuki Tanaka'],
    channels: ['Billing', 'Technical', 'Onboarding'],
    pages: [
      ['Pricing — Northwind Cloud', '/pricing'],
      ['Dashboard', '/app/dashboard'],
      ['API keys', '/app/settings/api'],
      ['Docs: Webhooks', '/docs/webhooks'],
      ['Invoices', '/app/billing/invoices'],
    ],
    tags: ['bug', 'billing', 'enterprise', 'churn-risk', 'onboarding'],
    dialogues: [
      [
        'Our webhooks stopped arriving about an hour ago',
        'Thanks for the report — we see elevated latency in eu-west, the team is on it.',
        'Any ETA? Our orders depend on them.',
      ],
      [
        'How do I rotate an API key without downtime?',
        'Create the new key first, deploy it, then revoke the old one in Settings → API keys.',
      ],
      [
        'Can we pay annually by invoice?',
        'Yes, annual plans can be paid by bank transfer. I will send you a quote.',
        'Perfect, please address it to our finance team.',
      ],
      [
        'The dashboard shows 0 events since yesterday',
        'Could you check that the tracking snippet is still on your site?',
      ],
      ['Is SSO available on the Team plan?', 'SSO comes with the Business plan; I can enable a 14-day trial for you.'],
      ['I think we were overcharged this month', 'Let me look at your usage. Which workspace is it?', 'acme-prod'],
      ['We want to import 40k contacts from CSV, any limits?'],
      ['Getting 429 errors from the API since this morning'],
      [
        'How do I invite teammates?',
        'Settings → Team → Invite. Each invite link is valid for 7 days.',
        'Found it, thanks!',
      ],
      ['Do you have a data processing agreement for GDPR?', 'Yes, you can sign it in Settings → Legal.'],
    ],
  },
];

/** Messages the visitor simulator writes into conversations. */
export const VISITOR_LINES = [
  'Hello, anyone there?',
  'Thanks for the quick answer!',
  'Could you check again please?',
  'Is there any update on this?',
  'Ok, I will wait.',
  'That worked, thank you 🙏',
  'One more question: do you have gift cards?',
  'Sorry, what do you mean exactly?',
  'Здравствуйте! Можно оформить заказ по телефону?',
  'I have attached the screenshot to my email.',
  'Can I talk to a manager?',
  'Perfect, have a nice day!',
];

export const OPENING_LINES = [
  'Hi! I have a question about my order',
  'Hello, is this item in stock?',
  'Do you deliver on weekends?',
  'My payment failed, what should I do?',
  'Can I get an invoice for my company?',
  'Добрый день, подскажите по доставке',
  'Hey, the site shows an error at checkout',
  'How long is the warranty?',
];
