import { AI_LANGUAGE_NAMES, protectedTerms } from '@spotlist/contracts';

/**
 * A translator for the fake OpenAI server: it answers the translation prompt of
 * `buildFieldsTranslation` (contracts ai-prompts.ts) with real sentences in the target language
 * (so the review's language check has something to detect), keeping the source's protected terms.
 * Switches per language: `garbled` answers something that is not the JSON object, `english`
 * answers in English, `dropTerms` leaves the prices and links out.
 */
export interface Phrasebook {
  /** The reply for a translation prompt, or null when the messages are not one. */
  reply(messages: { role: string; content: string }[]): string | null;
  garbled: Set<string>;
  english: Set<string>;
  dropTerms: Set<string>;
}

const PHRASES: Record<string, { title: string; text: string; button: string }> = {
  en: {
    title: 'Breakfast on the terrace',
    text: 'Enjoy a fresh breakfast on our sunny terrace every morning, with bread from the village bakery and good coffee.',
    button: 'Book a table',
  },
  de: {
    title: 'Frühstück auf der Terrasse',
    text: 'Genießen Sie jeden Morgen ein frisches Frühstück auf unserer sonnigen Terrasse, mit Brot vom Bäcker im Dorf und gutem Kaffee.',
    button: 'Tisch reservieren',
  },
  es: {
    title: 'Desayuno en la terraza',
    text: 'Disfrute cada mañana de un desayuno fresco en nuestra terraza soleada, con pan de la panadería del pueblo y buen café.',
    button: 'Reservar mesa',
  },
  fr: {
    title: 'Petit-déjeuner sur la terrasse',
    text: "Profitez chaque matin d'un petit-déjeuner frais sur notre terrasse ensoleillée, avec le pain de la boulangerie du village et un bon café.",
    button: 'Réserver une table',
  },
  hr: {
    title: 'Doručak na terasi',
    text: 'Uživajte svako jutro u svježem doručku na našoj sunčanoj terasi, uz kruh iz seoske pekare i dobru kavu.',
    button: 'Rezerviraj stol',
  },
  hu: {
    title: 'Reggeli a teraszon',
    text: 'Élvezze minden reggel a friss reggelit napos teraszunkon, a falusi pékség kenyerével és jó kávéval.',
    button: 'Asztalfoglalás',
  },
  it: {
    title: 'Colazione in terrazza',
    text: 'Goditi ogni mattina una colazione fresca sulla nostra terrazza soleggiata, con il pane del forno del paese e un buon caffè.',
    button: 'Prenota un tavolo',
  },
  pl: {
    title: 'Śniadanie na tarasie',
    text: 'Każdego ranka zapraszamy na świeże śniadanie na naszym słonecznym tarasie, z chlebem z wiejskiej piekarni i dobrą kawą.',
    button: 'Zarezerwuj stolik',
  },
  pt: {
    title: 'Pequeno-almoço no terraço',
    text: 'Desfrute todas as manhãs de um pequeno-almoço fresco no nosso terraço ensolarado, com pão da padaria da aldeia e um bom café.',
    button: 'Reservar mesa',
  },
  ru: {
    title: 'Завтрак на террасе',
    text: 'Каждое утро наслаждайтесь свежим завтраком на нашей солнечной террасе, с хлебом из деревенской пекарни и хорошим кофе.',
    button: 'Забронировать столик',
  },
  tr: {
    title: 'Terasta kahvaltı',
    text: 'Her sabah güneşli terasımızda köy fırınından ekmek ve güzel bir kahve ile taze bir kahvaltının tadını çıkarın.',
    button: 'Masa ayırt',
  },
  nl: {
    title: 'Ontbijt op het terras',
    text: 'Geniet elke ochtend van een vers ontbijt op ons zonnige terras, met brood van de dorpsbakker en goede koffie.',
    button: 'Tafel reserveren',
  },
  da: {
    title: 'Morgenmad på terrassen',
    text: 'Nyd hver morgen en frisk morgenmad på vores solrige terrasse, med brød fra landsbyens bager og god kaffe.',
    button: 'Bestil bord',
  },
};

const TRANSLATE = /Translate the values of the JSON object from \w+ into (\w+)\./;

export function phrasebook(): Phrasebook {
  const book: Phrasebook = {
    garbled: new Set(),
    english: new Set(),
    dropTerms: new Set(),
    reply(messages) {
      const target = TRANSLATE.exec(messages[0]?.content ?? '')?.[1];
      if (!target) return null;
      const code = Object.entries(AI_LANGUAGE_NAMES).find(([, name]) => name === target)?.[0] ?? 'en';
      if (book.garbled.has(code)) return 'Sorry, I cannot help with that.';
      const words = PHRASES[book.english.has(code) ? 'en' : code] ?? PHRASES.en!;
      const json = messages.at(-1)?.content.replace(/^Text:\n/, '') ?? '{}';
      const fields = JSON.parse(json) as Record<string, string>;
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(fields)) {
        const terms = book.dropTerms.has(code) ? '' : protectedTerms(value).join(' ');
        if (key === 'title') out[key] = words.title;
        else if (key.startsWith('button.')) out[key] = words.button;
        else if (key === 'html') out[key] = `<p>${words.text}${terms ? ` ${terms}` : ''}</p>`;
        else out[key] = `${words.text}${terms ? ` ${terms}` : ''}`;
      }
      return JSON.stringify(out);
    },
  };
  return book;
}
