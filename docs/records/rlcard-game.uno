[Format "1"]
[Rules "official+house.force-play+house.play-drawn+wd4.no-playable-card+challenge.none"]
[Players "2"]
[Seed "0"]

[Round "1"]
[Dealer "1"]
[Deck "BR GR G0 RR R3 GR R1 W R2 R3 B7 R7 BR Y4 G4 W+4 BS R0 YS Y7 Y1 G4 B4 Y3 G3 G2 B5 R9 G+2 Y+2 BS G9 Y3 G3 W B3 B9 W B1 R2 B6 G9 G5 W+4 R6 B5 G8 GS Y5 G8 B+2 B2 Y7 YR Y+2 G1 R5 RS Y2 W B4 B1 Y1 YS G1 G7 Y8 B9 W+4 B8 B+2 Y6 Y5 B6 R8 B0 Y4 R+2 B8 Y9 R+2 G6 R8 R1 B7 R6 B2 G+2 R5 Y2 Y6 GS R4 Y8 R9 G2 G7 R4 Y0 W+4 B3 YR R7 G6 Y9 RS RR G5"]
1. 0 play G0
2. 1 play W green
3. 0 draw
4. 0 play W+4 red
5. 1 play RR
6. 0 play BR
7. 1 play GR
8. 0 play BR
9. 1 play GR
10. 0 draw
11. 1 draw
12. 0 draw
13. 1 draw
14. 0 draw
15. 1 draw
16. 1 play G4
17. 0 draw
18. 0 pass
19. 1 play Y4
20. 0 play YS
21. 0 play Y1
22. 1 play Y7
23. 0 play B7
24. 1 play R7
25. 0 play R1
26. 1 play R0
27. 0 play R3
28. 1 play R3
