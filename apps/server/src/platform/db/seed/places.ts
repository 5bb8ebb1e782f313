import { and, eq, inArray } from 'drizzle-orm';
import type { AccessibilityTag, PlaceCategory, PlaceTextsView } from '@spotlist/contracts';
import type { Db } from '../client.ts';
import { listItems, lists, places } from '../schema/index.ts';
import { searchTextOf } from '../place-sql.ts';

interface DemoPlace {
  key: string;
  /** The local (German) name; `en` the English one when it differs. */
  name: string;
  en?: string;
  de: string;
  enText: string;
  lat: number;
  lng: number;
  address: string;
  category: PlaceCategory;
  accessibility: AccessibilityTag[];
  website?: string;
}

/** Munich landmarks with their real coordinates (WGS 84), for the demo catalogue. */
export const MUNICH_PLACES: DemoPlace[] = [
  {
    key: 'marienplatz',
    name: 'Marienplatz',
    de: 'Der zentrale Platz der Altstadt, seit 1158 Herz Münchens.',
    enText: 'The central square of the old town, the heart of Munich since 1158.',
    lat: 48.137154,
    lng: 11.57549,
    address: 'Marienplatz, 80331 München',
    category: 'sight',
    accessibility: ['step_free'],
  },
  {
    key: 'rathaus',
    name: 'Neues Rathaus',
    en: 'New Town Hall',
    de: 'Neugotisches Rathaus mit dem Glockenspiel um 11 und 12 Uhr.',
    enText: 'Neo-Gothic town hall with the Glockenspiel at 11 am and noon.',
    lat: 48.137658,
    lng: 11.57591,
    address: 'Marienplatz 8, 80331 München',
    category: 'sight',
    accessibility: ['elevator', 'accessible_toilet'],
  },
  {
    key: 'frauenkirche',
    name: 'Frauenkirche',
    en: 'Cathedral of Our Dear Lady',
    de: 'Der Dom mit den zwei Zwiebeltürmen, Wahrzeichen der Stadt.',
    enText: 'The cathedral with the two onion domes, the landmark of the city.',
    lat: 48.138631,
    lng: 11.573625,
    address: 'Frauenplatz 12, 80331 München',
    category: 'sight',
    accessibility: ['step_free'],
  },
  {
    key: 'peterskirche',
    name: 'Peterskirche',
    en: "St. Peter's Church",
    de: 'Älteste Pfarrkirche der Stadt; vom Turm „Alter Peter“ weiter Blick.',
    enText: 'The oldest parish church; wide views from its tower, "Alter Peter".',
    lat: 48.136402,
    lng: 11.57571,
    address: 'Rindermarkt 1, 80331 München',
    category: 'sight',
    accessibility: [],
  },
  {
    key: 'viktualienmarkt',
    name: 'Viktualienmarkt',
    de: 'Täglicher Markt für Lebensmittel und Spezialitäten mit Biergarten.',
    enText: 'Daily market for food and delicacies, with a beer garden.',
    lat: 48.135125,
    lng: 11.5762,
    address: 'Viktualienmarkt 3, 80331 München',
    category: 'market',
    accessibility: ['step_free', 'accessible_toilet'],
  },
  {
    key: 'hofbraeuhaus',
    name: 'Hofbräuhaus',
    de: 'Das berühmte Bierhaus am Platzl, seit 1589.',
    enText: 'The famous beer hall at the Platzl, since 1589.',
    lat: 48.1376,
    lng: 11.5799,
    address: 'Platzl 9, 80331 München',
    category: 'restaurant',
    accessibility: ['step_free', 'accessible_toilet'],
    website: 'https://www.hofbraeuhaus.de',
  },
  {
    key: 'residenz',
    name: 'Residenz München',
    en: 'Munich Residence',
    de: 'Das ehemalige Stadtschloss der Wittelsbacher mit Schatzkammer.',
    enText: 'The former city palace of the Wittelsbach rulers, with the Treasury.',
    lat: 48.141,
    lng: 11.5796,
    address: 'Residenzstraße 1, 80333 München',
    category: 'museum',
    accessibility: ['step_free', 'elevator', 'accessible_toilet'],
    website: 'https://www.residenz-muenchen.de',
  },
  {
    key: 'feldherrnhalle',
    name: 'Feldherrnhalle',
    en: "Field Marshals' Hall",
    de: 'Loggia am Odeonsplatz nach dem Vorbild der Loggia dei Lanzi.',
    enText: 'Loggia on Odeonsplatz modelled on the Loggia dei Lanzi in Florence.',
    lat: 48.1419,
    lng: 11.5774,
    address: 'Residenzstraße 1, 80333 München',
    category: 'sight',
    accessibility: ['step_free'],
  },
  {
    key: 'theatinerkirche',
    name: 'Theatinerkirche',
    en: 'Theatine Church',
    de: 'Gelbe Barockkirche am Odeonsplatz.',
    enText: 'The yellow baroque church on Odeonsplatz.',
    lat: 48.1423,
    lng: 11.5769,
    address: 'Salvatorplatz 2a, 80333 München',
    category: 'sight',
    accessibility: [],
  },
  {
    key: 'hofgarten',
    name: 'Hofgarten',
    en: 'Court Garden',
    de: 'Renaissancegarten der Residenz mit dem Dianatempel.',
    enText: 'The Renaissance garden of the Residence, with the Temple of Diana.',
    lat: 48.1429,
    lng: 11.581,
    address: 'Hofgartenstraße 1, 80538 München',
    category: 'park',
    accessibility: ['step_free'],
  },
  {
    key: 'chinesischer-turm',
    name: 'Englischer Garten – Chinesischer Turm',
    en: 'English Garden – Chinese Tower',
    de: 'Pagode und großer Biergarten mitten im Englischen Garten.',
    enText: 'A pagoda and a large beer garden in the middle of the English Garden.',
    lat: 48.1528,
    lng: 11.5918,
    address: 'Englischer Garten 3, 80538 München',
    category: 'park',
    accessibility: ['step_free', 'accessible_toilet'],
  },
  {
    key: 'eisbach',
    name: 'Eisbachwelle',
    en: 'Eisbach surf wave',
    de: 'Stehende Welle, auf der das ganze Jahr gesurft wird.',
    enText: 'A standing wave surfed all year round.',
    lat: 48.1436,
    lng: 11.588,
    address: 'Prinzregentenstraße, 80538 München',
    category: 'sport',
    accessibility: [],
  },
  {
    key: 'monopteros',
    name: 'Monopteros',
    de: 'Rundtempel auf einem Hügel im Englischen Garten, schön bei Sonnenuntergang.',
    enText: 'A round temple on a hill in the English Garden, lovely at sunset.',
    lat: 48.1497,
    lng: 11.5904,
    address: 'Englischer Garten, 80538 München',
    category: 'sight',
    accessibility: [],
  },
  {
    key: 'deutsches-museum',
    name: 'Deutsches Museum',
    en: 'German Museum',
    de: 'Eines der größten Technik- und Naturwissenschaftsmuseen der Welt.',
    enText: 'One of the largest museums of science and technology in the world.',
    lat: 48.1299,
    lng: 11.5834,
    address: 'Museumsinsel 1, 80538 München',
    category: 'museum',
    accessibility: ['step_free', 'elevator', 'accessible_toilet', 'hearing_loop', 'assistance_dogs'],
    website: 'https://www.deutsches-museum.de',
  },
  {
    key: 'olympiapark',
    name: 'Olympiapark',
    en: 'Olympic Park',
    de: 'Park und Sportstätten der Olympischen Spiele 1972.',
    enText: 'Park and venues of the 1972 Olympic Games.',
    lat: 48.1731,
    lng: 11.5466,
    address: 'Spiridon-Louis-Ring 21, 80809 München',
    category: 'park',
    accessibility: ['step_free', 'accessible_toilet', 'accessible_parking'],
    website: 'https://www.olympiapark.de',
  },
  {
    key: 'olympiaturm',
    name: 'Olympiaturm',
    en: 'Olympic Tower',
    de: '291 m hoher Fernsehturm mit Aussichtsplattform.',
    enText: 'A 291 m TV tower with an observation deck.',
    lat: 48.1744,
    lng: 11.5536,
    address: 'Spiridon-Louis-Ring 7, 80809 München',
    category: 'sight',
    accessibility: ['step_free', 'elevator'],
  },
  {
    key: 'bmw-welt',
    name: 'BMW Welt',
    de: 'Ausstellungs- und Auslieferungszentrum von BMW.',
    enText: "BMW's exhibition and delivery centre.",
    lat: 48.1771,
    lng: 11.556,
    address: 'Am Olympiapark 1, 80809 München',
    category: 'venue',
    accessibility: ['step_free', 'elevator', 'accessible_toilet', 'accessible_parking', 'hearing_loop'],
    website: 'https://www.bmw-welt.com',
  },
  {
    key: 'nymphenburg',
    name: 'Schloss Nymphenburg',
    en: 'Nymphenburg Palace',
    de: 'Barocke Sommerresidenz mit weitläufigem Schlosspark.',
    enText: 'Baroque summer residence with a vast palace park.',
    lat: 48.1583,
    lng: 11.5033,
    address: 'Schloß Nymphenburg 1, 80638 München',
    category: 'sight',
    accessibility: ['accessible_toilet', 'accessible_parking'],
    website: 'https://www.schloss-nymphenburg.de',
  },
  {
    key: 'botanischer-garten',
    name: 'Botanischer Garten München-Nymphenburg',
    en: 'Botanical Garden Munich-Nymphenburg',
    de: 'Rund 14.000 Pflanzenarten in Freiland und Gewächshäusern.',
    enText: 'Some 14,000 plant species outdoors and in glasshouses.',
    lat: 48.1636,
    lng: 11.5006,
    address: 'Menzinger Str. 65, 80638 München',
    category: 'nature',
    accessibility: ['step_free', 'accessible_toilet'],
  },
  {
    key: 'alte-pinakothek',
    name: 'Alte Pinakothek',
    de: 'Europäische Malerei vom Mittelalter bis zum Rokoko.',
    enText: 'European painting from the Middle Ages to the Rococo.',
    lat: 48.1482,
    lng: 11.57,
    address: 'Barer Str. 27, 80333 München',
    category: 'museum',
    accessibility: ['step_free', 'elevator', 'accessible_toilet', 'wheelchair_rental'],
    website: 'https://www.pinakothek.de',
  },
  {
    key: 'pinakothek-moderne',
    name: 'Pinakothek der Moderne',
    de: 'Kunst, Architektur und Design des 20. und 21. Jahrhunderts.',
    enText: 'Art, architecture and design of the 20th and 21st centuries.',
    lat: 48.1472,
    lng: 11.5722,
    address: 'Barer Str. 40, 80333 München',
    category: 'museum',
    accessibility: ['step_free', 'elevator', 'accessible_toilet', 'hearing_loop', 'wheelchair_rental'],
    website: 'https://www.pinakothek.de',
  },
  {
    key: 'koenigsplatz',
    name: 'Königsplatz',
    en: "King's Square",
    de: 'Klassizistischer Platz mit Propyläen und Glyptothek.',
    enText: 'Neoclassical square with the Propylaea and the Glyptothek.',
    lat: 48.1459,
    lng: 11.5654,
    address: 'Königsplatz, 80333 München',
    category: 'sight',
    accessibility: ['step_free'],
  },
  {
    key: 'lenbachhaus',
    name: 'Lenbachhaus',
    de: 'Städtische Galerie mit Werken des Blauen Reiters.',
    enText: 'The municipal gallery, home of the Blue Rider paintings.',
    lat: 48.1468,
    lng: 11.5637,
    address: 'Luisenstraße 33, 80333 München',
    category: 'museum',
    accessibility: ['step_free', 'elevator', 'accessible_toilet'],
    website: 'https://www.lenbachhaus.de',
  },
  {
    key: 'asamkirche',
    name: 'Asamkirche',
    en: 'Asam Church',
    de: 'Kleine, überreich ausgestattete Spätbarockkirche.',
    enText: 'A small, lavishly decorated late-baroque church.',
    lat: 48.1352,
    lng: 11.5695,
    address: 'Sendlinger Str. 32, 80331 München',
    category: 'sight',
    accessibility: [],
  },
  {
    key: 'isartor',
    name: 'Isartor',
    en: 'Isar Gate',
    de: 'Östliches Stadttor der mittelalterlichen Stadtbefestigung.',
    enText: 'The eastern gate of the medieval city wall.',
    lat: 48.1353,
    lng: 11.5822,
    address: 'Isartorplatz, 80331 München',
    category: 'sight',
    accessibility: ['step_free'],
  },
  {
    key: 'friedensengel',
    name: 'Friedensengel',
    en: 'Angel of Peace',
    de: 'Goldene Siegesgöttin über den Maximiliansanlagen.',
    enText: 'A golden Nike above the Maximilian park.',
    lat: 48.1428,
    lng: 11.5951,
    address: 'Prinzregentenstraße, 81675 München',
    category: 'sight',
    accessibility: [],
  },
  {
    key: 'maximilianeum',
    name: 'Maximilianeum',
    de: 'Sitz des Bayerischen Landtags hoch über der Isar.',
    enText: 'Seat of the Bavarian parliament, high above the Isar.',
    lat: 48.1365,
    lng: 11.5946,
    address: 'Max-Planck-Straße 1, 81675 München',
    category: 'sight',
    accessibility: ['step_free', 'elevator'],
  },
  {
    key: 'hellabrunn',
    name: 'Tierpark Hellabrunn',
    en: 'Hellabrunn Zoo',
    de: 'Geozoo an der Isar mit Tieren nach Kontinenten geordnet.',
    enText: 'A "geo-zoo" on the Isar, its animals arranged by continent.',
    lat: 48.0993,
    lng: 11.5553,
    address: 'Tierparkstraße 30, 81543 München',
    category: 'nature',
    accessibility: ['step_free', 'accessible_toilet', 'accessible_parking', 'wheelchair_rental'],
    website: 'https://www.hellabrunn.de',
  },
  {
    key: 'allianz-arena',
    name: 'Allianz Arena',
    de: 'Fußballstadion mit leuchtender Außenhülle im Norden der Stadt.',
    enText: 'The football stadium with the glowing shell in the north of the city.',
    lat: 48.2188,
    lng: 11.6247,
    address: 'Werner-Heisenberg-Allee 25, 80939 München',
    category: 'sport',
    accessibility: ['step_free', 'elevator', 'accessible_toilet', 'accessible_parking', 'hearing_loop'],
    website: 'https://allianz-arena.com',
  },
  {
    key: 'siegestor',
    name: 'Siegestor',
    en: 'Victory Gate',
    de: 'Triumphbogen zwischen Ludwigstraße und Leopoldstraße.',
    enText: 'Triumphal arch between Ludwigstrasse and Leopoldstrasse.',
    lat: 48.1524,
    lng: 11.5821,
    address: 'Leopoldstraße 1, 80802 München',
    category: 'sight',
    accessibility: ['step_free'],
  },
  {
    key: 'theresienwiese',
    name: 'Theresienwiese',
    de: 'Festwiese des Oktoberfests, bewacht von der Bavaria.',
    enText: 'The Oktoberfest grounds, watched over by the Bavaria statue.',
    lat: 48.1316,
    lng: 11.5494,
    address: 'Theresienwiese, 80336 München',
    category: 'venue',
    accessibility: ['step_free'],
  },
  {
    key: 'nationaltheater',
    name: 'Nationaltheater',
    en: 'National Theatre (Bavarian State Opera)',
    de: 'Opernhaus der Bayerischen Staatsoper am Max-Joseph-Platz.',
    enText: 'Home of the Bavarian State Opera on Max-Joseph-Platz.',
    lat: 48.1395,
    lng: 11.5788,
    address: 'Max-Joseph-Platz 2, 80539 München',
    category: 'venue',
    accessibility: ['step_free', 'elevator', 'accessible_toilet', 'hearing_loop'],
    website: 'https://www.staatsoper.de',
  },
];

const texts = (p: DemoPlace): PlaceTextsView => ({
  en: { name: p.en ?? p.name, description: p.enText },
  de: { name: p.name, description: p.de },
});

/** The demo users' likes and lists (keys of MUNICH_PLACES, with notes). */
const DEMO_ACTIVITY = {
  private: {
    likes: ['viktualienmarkt', 'chinesischer-turm', 'deutsches-museum', 'eisbach', 'hofgarten', 'olympiapark', 'hellabrunn', 'asamkirche'],
    list: {
      name: 'Sunday in Munich',
      description: 'A slow day out with the kids.',
      visibility: 1,
      items: [
        ['deutsches-museum', 'Kids’ Kingdom opens at 9'],
        ['viktualienmarkt', 'Lunch at the stalls'],
        ['eisbach', 'Watch the surfers'],
        ['chinesischer-turm', 'Beer garden, playground next to it'],
      ],
    },
  },
  blogger: {
    likes: [
      'viktualienmarkt',
      'hofbraeuhaus',
      'marienplatz',
      'frauenkirche',
      'bmw-welt',
      'nymphenburg',
      'pinakothek-moderne',
      'allianz-arena',
      'chinesischer-turm',
      'theresienwiese',
    ],
    list: {
      name: 'First day in Munich',
      description: 'My walking tour for first-timers, from the old town to the English Garden.',
      visibility: 255,
      items: [
        ['marienplatz', 'Be there at 11 for the Glockenspiel'],
        ['peterskirche', 'Climb the 306 steps of Alter Peter'],
        ['viktualienmarkt', 'Weisswurst before noon'],
        ['frauenkirche', 'Find the devil’s footprint'],
        ['residenz', 'The Antiquarium alone is worth it'],
        ['hofgarten', ''],
        ['eisbach', ''],
        ['chinesischer-turm', 'End the day here'],
      ],
    },
  },
} as const;

/**
 * The demo catalogue (Munich landmarks), and likes and a list for the demo private user and
 * blogger. Called by seedDemo, only into an otherwise empty database.
 */
export async function seedDemoPlaces(outer: Db, demo: { private?: number; blogger?: number }): Promise<void> {
  await outer.transaction(async (t) => insertDemo(t as unknown as Db, demo));
}

async function insertDemo(db: Db, demo: { private?: number; blogger?: number }): Promise<void> {
  const rows = await db
    .insert(places)
    .values(
      MUNICH_PLACES.map((p) => ({
        name: p.name,
        description: p.de,
        texts: texts(p),
        latitude: p.lat,
        longitude: p.lng,
        address: p.address,
        city: 'München',
        country: 'DE',
        category: p.category,
        website: p.website ?? null,
        accessibility: p.accessibility,
        source: 'manual' as const,
        visibility: 255,
        searchText: searchTextOf({ name: p.name, texts: texts(p), address: p.address, city: 'München' }),
      })),
    )
    .returning({ id: places.id, name: places.name });
  const idOf = new Map(MUNICH_PLACES.map((p) => [p.key, rows.find((r) => r.name === p.name)!.id]));

  for (const who of ['private', 'blogger'] as const) {
    const ownerId = demo[who];
    if (!ownerId) continue;
    const a = DEMO_ACTIVITY[who];
    const [likes] = await db.insert(lists).values({ ownerId, kind: 'likes', name: 'default' }).returning({ id: lists.id });
    await db.insert(listItems).values(a.likes.map((k, position) => ({ listId: likes.id, placeId: idOf.get(k)!, position })));
    const [list] = await db
      .insert(lists)
      .values({ ownerId, kind: 'list', name: a.list.name, description: a.list.description, visibility: a.list.visibility })
      .returning({ id: lists.id });
    await db
      .insert(listItems)
      .values(a.list.items.map(([k, note], position) => ({ listId: list.id, placeId: idOf.get(k)!, position, note })));
  }

  // a private place that still needs a location, as an import leaves it
  if (demo.private) {
    const [bakery] = await db
      .insert(places)
      .values({
        name: 'Grandma’s favourite bakery',
        source: 'imported',
        visibility: 1,
        creatorId: demo.private,
        searchText: searchTextOf({ name: 'Grandma’s favourite bakery' }),
      })
      .returning({ id: places.id });
    const [list] = await db
      .select({ id: lists.id })
      .from(lists)
      .where(and(eq(lists.ownerId, demo.private), eq(lists.kind, 'list')));
    const n = (
      await db
        .select({ id: listItems.id })
        .from(listItems)
        .where(inArray(listItems.listId, [list.id]))
    ).length;
    await db.insert(listItems).values({ listId: list.id, placeId: bakery.id, position: n, note: 'Somewhere in Haidhausen – set the pin' });
  }
}
