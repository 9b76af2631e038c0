import { readExample } from './fixtures.ts';

/**
 * FDA's scenario 1 with the constructs of issue 26 (items 2–4) that the FDA examples held here
 * do not show, each written by hand as ICH's implementation guide and FDA's data-element table
 * write it: qualified test results (F.r.3.2, IVL_PQ with NINF/PINF and `inclusive`), normal
 * ranges with units (F.r.4, F.r.5), test comments (F.r.6, PERT) and "more information" (F.r.7,
 * REFR), a cumulative dose (G.k.5, SUMM), additional information as ST (G.k.11), a dosage with
 * frequency, dates and a duration in a third SXPR_TS part (G.k.4.r.2–6), a strength per unit
 * (G.k.2.3.r.3 with a denominator unit), a second street line (C.2.r.2.3), NASK dates of past
 * drugs (D.8.r, D.10.8.r) and H.1's media type.
 */
const RESULT = (value: string) => `
													<value xsi:type="IVL_PQ">${value}</value>`;
const test = (name: string, code: string, value: string, extra = '') => `
											<component typeCode="COMP">
												<observation classCode="OBS" moodCode="EVN">
													<code code="${code}" codeSystem="2.16.840.1.113883.6.163" codeSystemVersion="26.0">
														<originalText>${name}</originalText>
													</code>
													<effectiveTime value="20140712"/>${RESULT(value)}${extra}
												</observation>
											</component>`;

const TESTS = `
									<subjectOf2 typeCode="SBJ">
										<organizer classCode="CATEGORY" moodCode="EVN">
											<code code="3" codeSystem="2.16.840.1.113883.3.989.2.1.1.20"/>${test(
                        'Calcium Level',
                        '10050520',
                        '<center value="10" unit="mg/dL"/>',
                        `
													<interpretationCode code="2" codeSystem="2.16.840.1.113883.3.989.2.1.1.12"/>
													<referenceRange typeCode="REFV">
														<observationRange classCode="OBS" moodCode="EVN.CRT">
															<value xsi:type="PQ" value="8.5" unit="mg/dL"/>
															<interpretationCode code="L" codeSystem="2.16.840.1.113883.5.83"/>
														</observationRange>
													</referenceRange>
													<referenceRange typeCode="REFV">
														<observationRange classCode="OBS" moodCode="EVN.CRT">
															<value xsi:type="PQ" value="10.5" unit="mg/dL"/>
															<interpretationCode code="H" codeSystem="2.16.840.1.113883.5.83"/>
														</observationRange>
													</referenceRange>
													<outboundRelationship2 typeCode="PERT">
														<observation classCode="OBS" moodCode="EVN">
															<code code="10" codeSystem="2.16.840.1.113883.3.989.2.1.1.19"/>
															<value xsi:type="ED">These results may be skewed</value>
														</observation>
													</outboundRelationship2>
													<outboundRelationship2 typeCode="REFR">
														<observation classCode="OBS" moodCode="EVN">
															<code code="25" codeSystem="2.16.840.1.113883.3.989.2.1.1.19"/>
															<value xsi:type="BL" value="true"/>
														</observation>
													</outboundRelationship2>`,
                      )}${test('Blood glucose', '10005557', '<low value="10" unit="mg/dL" inclusive="false"/><high nullFlavor="PINF"/>')}${test(
                        'Haemoglobin',
                        '10018876',
                        '<low value="12" unit="g/dL" inclusive="true"/><high nullFlavor="PINF"/>',
                      )}${test('Platelet count', '10035528', '<low nullFlavor="NINF"/><high value="150" unit="10*9/L" inclusive="false"/>')}${test(
                        'C-reactive protein',
                        '10006824',
                        '<low nullFlavor="NINF"/><high value="5" unit="mg/L" inclusive="true"/>',
                      )}
										</organizer>
									</subjectOf2>`;

const PARENT = `
										<role classCode="PRS">
											<code code="PRN" codeSystem="2.16.840.1.113883.5.111"/>
											<associatedPerson classCode="PSN" determinerCode="INSTANCE">
												<name>MD</name>
											</associatedPerson>
											<subjectOf2 typeCode="SBJ">
												<organizer classCode="CATEGORY" moodCode="EVN">
													<code code="2" codeSystem="2.16.840.1.113883.3.989.2.1.1.20"/>
													<component typeCode="COMP">
														<substanceAdministration classCode="SBADM" moodCode="EVN">
															<effectiveTime xsi:type="IVL_TS">
																<low nullFlavor="NASK"/>
																<high nullFlavor="NASK"/>
															</effectiveTime>
															<consumable typeCode="CSM">
																<instanceOfKind classCode="INST">
																	<kindOfProduct classCode="MMAT" determinerCode="KIND">
																		<name>Valproate</name>
																	</kindOfProduct>
																</instanceOfKind>
															</consumable>
														</substanceAdministration>
													</component>
												</organizer>
											</subjectOf2>
										</role>`;

const SECOND_DOSAGE = `
													<outboundRelationship2 typeCode="COMP">
														<substanceAdministration classCode="SBADM" moodCode="EVN">
															<text>5 mg once a day for 4 weeks</text>
															<effectiveTime xsi:type="SXPR_TS">
																<comp xsi:type="PIVL_TS">
																	<period value="1" unit="d"/>
																</comp>
																<comp xsi:type="IVL_TS" operator="A">
																	<low value="20140601"/>
																	<high value="20140628"/>
																</comp>
																<comp xsi:type="IVL_TS" operator="A">
																	<width value="4" unit="wk"/>
																</comp>
															</effectiveTime>
															<doseQuantity value="5" unit="mg"/>
														</substanceAdministration>
													</outboundRelationship2>
													<outboundRelationship2 typeCode="SUMM">
														<observation classCode="OBS" moodCode="EVN">
															<code code="14" codeSystem="2.16.840.1.113883.3.989.2.1.1.19"/>
															<value xsi:type="PQ" value="140" unit="mg"/>
														</observation>
													</outboundRelationship2>
													<outboundRelationship2 typeCode="REFR">
														<observation classCode="OBS" moodCode="EVN">
															<code code="2" codeSystem="2.16.840.1.113883.3.989.2.1.1.19"/>
															<value xsi:type="ST">Taken with food</value>
														</observation>
													</outboundRelationship2>`;

const STRENGTH = `
																<ingredient classCode="ACTI">
																	<quantity>
																		<numerator value="50" unit="mg"/>
																		<denominator value="1" unit="mL"/>
																	</quantity>
																	<ingredientSubstance classCode="MMAT" determinerCode="KIND">
																		<name>Ingredient A</name>`;

function replaceOnce(xml: string, find: string, replacement: string): string {
  const at = xml.indexOf(find);
  if (at === -1 || xml.indexOf(find, at + 1) !== -1)
    throw new Error(`expected "${find}" once in the example`);
  return xml.slice(0, at) + replacement + xml.slice(at + find.length);
}

export function withConstructs(): string {
  let xml = readExample('FAERS2022Scenario1.xml').replace(/\r\n/g, '\n');
  const drugs = xml.indexOf('<code code="4" codeSystem="2.16.840.1.113883.3.989.2.1.1.20"');
  const before = xml.lastIndexOf('\n\t\t\t\t\t\t\t\t\t<subjectOf2 typeCode="SBJ">', drugs);
  xml = xml.slice(0, before) + TESTS + xml.slice(before);
  xml = replaceOnce(xml, '\t\t\t\t\t\t\t\t\t</player1>', `${PARENT}\n\t\t\t\t\t\t\t\t\t</player1>`);
  xml = replaceOnce(
    xml,
    '<streetAddressLine>13 Elm St.</streetAddressLine>',
    '<streetAddressLine>13 Elm St.</streetAddressLine>\n\t\t\t\t\t\t\t\t\t\t\t\t<streetAddressLine>Apartment 4</streetAddressLine>',
  );
  xml = replaceOnce(
    xml,
    '<text>Case Narrative Including',
    '<text mediaType="text/plain">Case Narrative Including',
  );
  const drug1Indication = xml.indexOf('<inboundRelationship typeCode="RSON">');
  xml = `${xml.slice(0, drug1Indication - '\t\t\t\t\t\t\t\t\t\t\t\t\t'.length - 1)}${SECOND_DOSAGE}\n${xml.slice(
    drug1Indication - '\t\t\t\t\t\t\t\t\t\t\t\t\t'.length,
  )}`;
  xml = replaceOnce(
    xml,
    `
																<ingredient classCode="ACTI">
																	<ingredientSubstance classCode="MMAT" determinerCode="KIND">
																		<name>Ingredient A</name>`,
    STRENGTH,
  );
  // D.8.r.4/5 of the patient's past drug, not known and not asked.
  xml = replaceOnce(
    xml,
    `<substanceAdministration classCode="SBADM" moodCode="EVN">
													<consumable typeCode="CSM">`,
    `<substanceAdministration classCode="SBADM" moodCode="EVN">
													<effectiveTime xsi:type="IVL_TS">
														<low nullFlavor="NASK"/>
														<high value="2014"/>
													</effectiveTime>
													<consumable typeCode="CSM">`,
  );
  return xml;
}
